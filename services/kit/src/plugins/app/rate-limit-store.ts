import type { Redis } from 'ioredis';

/** Windows kept per process (an address × route each): a bound on memory, the oldest dropped past it. */
const MAX_WINDOWS = 50_000;
/** How often the counts answered locally are added to Redis. */
export const SYNC_MS = 100;
/** The share of what is left of a limit that an instance may answer from its own count before it asks Redis. */
export const LOCAL_SHARE = 0.1;

/** INCRBY with the window's expiry set by the increment that creates the key; answers [count, ms left]. */
const ADD = `
  local n = redis.call('INCRBY', KEYS[1], ARGV[1])
  if n == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return {n, ttl}
`;

interface Window {
  /** The count across every instance as Redis last said it (this instance's increments included). */
  known: number;
  /** Increments answered here since then, not yet in Redis. */
  pending: number;
  /** How many more this instance may answer before it asks Redis again. */
  budget: number;
  resetAt: number;
  max: number;
  windowMs: number;
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
type Add = (key: string, n: number, windowMs: number) => Promise<[number, number]>;

/** The shared part of a store and its children: the Redis command, the windows, the flush timer. */
class Counters {
  readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;
  readonly add: Add;

  constructor(redis: Redis) {
    const r = redis as Redis & {
      portalRateAdd?: (k: string, n: number, ms: number) => Promise<[number, number]>;
    };
    if (!r.portalRateAdd) redis.defineCommand('portalRateAdd', { numberOfKeys: 1, lua: ADD });
    this.add = (key, n, windowMs) => r.portalRateAdd!(key, n, windowMs);
  }

  learn(w: Window, [count, ttl]: [number, number], now: number) {
    w.known = count;
    w.resetAt = now + ttl;
    w.budget = Math.floor(Math.max(0, w.max - count) * LOCAL_SHARE);
  }

  schedule() {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SYNC_MS);
    this.timer.unref();
  }

  /** Sends every window's local increments (one command each, pipelined by ioredis); a failure drops them. */
  async flush() {
    const now = Date.now();
    const sends: Promise<void>[] = [];
    for (const [key, w] of this.windows) {
      if (now >= w.resetAt) {
        this.windows.delete(key);
        continue;
      }
      if (!w.pending) continue;
      const n = w.pending;
      w.pending = 0;
      sends.push(
        this.add(key, n, w.windowMs).then(
          (res) => this.learn(w, res, Date.now()),
          () => undefined, // Redis away: the limit serves (skipOnError), as the per-request store did
        ),
      );
    }
    await Promise.all(sends);
  }
}

/**
 * A store for @fastify/rate-limit that does not cost a Redis round trip per request below the limit: each instance
 * counts locally and adds its counts to the shared Redis counter every SYNC_MS. The first request of a window, and
 * every request once this instance's local share is used up (LOCAL_SHARE of what was left of the limit when Redis
 * last answered), asks Redis at once and answers with the count across all instances. One instance alone is exact;
 * N instances together may let through at most N × LOCAL_SHARE of the limit more than it, during one SYNC_MS, before
 * every instance sees the shared count (and near or past the limit every request asks Redis).
 */
export class BatchedRedisStore {
  constructor(
    private readonly shared: Counters,
    private readonly prefix: string,
  ) {}

  static create(redis: Redis, nameSpace: string): BatchedRedisStore {
    return new BatchedRedisStore(new Counters(redis), nameSpace);
  }

  /** Called by the plugin with each route's options: that route's keys. */
  child(routeOptions: { routeInfo: { method: string; url: string } }): BatchedRedisStore {
    const { method, url } = routeOptions.routeInfo;
    return new BatchedRedisStore(this.shared, `${this.prefix}${method}${url}-`);
  }

  incr(id: string, cb: Callback, timeWindow: number, max: number): void {
    const key = this.prefix + id;
    const now = Date.now();
    const s = this.shared;
    let w = s.windows.get(key);
    if (w && now >= w.resetAt) {
      s.windows.delete(key);
      w = undefined;
    }
    if (w && w.pending < w.budget) {
      w.pending++;
      s.schedule();
      return cb(null, { current: w.known + w.pending, ttl: w.resetAt - now });
    }
    // first of the window here, or the local share used up: ask Redis, with what was answered locally meanwhile
    const n = (w?.pending ?? 0) + 1;
    if (w) w.pending = 0;
    s.add(key, n, timeWindow).then(
      (res) => {
        const later = Date.now();
        let win = s.windows.get(key);
        if (!win) {
          if (s.windows.size >= MAX_WINDOWS) s.windows.delete(s.windows.keys().next().value!);
          win = { known: 0, pending: 0, budget: 0, resetAt: 0, max, windowMs: timeWindow };
        }
        win.max = max;
        win.windowMs = timeWindow;
        s.learn(win, res, later);
        s.windows.set(key, win);
        cb(null, { current: res[0] + win.pending, ttl: res[1] });
      },
      (err: Error) => cb(err),
    );
  }

  /** For `{ increment: false }`: this instance's view of the count. */
  read(id: string, cb: Callback): void {
    const w = this.shared.windows.get(this.prefix + id);
    const now = Date.now();
    if (!w || now >= w.resetAt) return cb(null, { current: 0, ttl: 0 });
    cb(null, { current: w.known + w.pending, ttl: w.resetAt - now });
  }
}
