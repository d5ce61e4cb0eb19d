import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { cacheCounter } from '../../cache-stats.js';

/** Where every user-state write is announced (`{subs, sids}`): each process drops its copies of those users. */
export const USER_STATE_CHANNEL = 'portal:user-state:changes';

/** A change as announced: the users whose state changed, the sessions ended. */
export interface StateChange {
  subs?: string[];
  sids?: string[];
}

/** Users kept, and Keycloak sessions per user (one entry per sub|sid read). */
const MAX_USERS = 10_000;
const MAX_SESSIONS = 8;
/**
 * A safety net, not the freshness rule: a copy is dropped the moment its change is announced; this only bounds how
 * long a write that bypassed the store (an operator's redis-cli) stays unseen.
 */
export const STATE_CACHE_TTL_MS = 30_000;

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * The auth hook's per-process copy of the user state (user-state.ts), so an authenticated request costs no Redis
 * round trip. Changes are pushed, not polled: every write of the store publishes the users (and sessions) it touched
 * on USER_STATE_CHANNEL, and this process drops their copies when the message arrives (the writing process drops
 * its own at once). Only used while the subscription is live: before it is confirmed, while Redis is away, and until
 * it is confirmed again after a reconnect (then every copy is dropped: a message may have been missed) every read
 * goes to Redis as before. A read that started before a drop is answered but not kept (`generation`), so a change
 * that lands while a read is in flight is never papered over by the older answer.
 */
export class UserStateCache<T> {
  private readonly users = new Map<string, Map<string, Entry<T>>>();
  private readonly sidOwner = new Map<string, string>();
  private gen = 0;
  private live = false;
  private readonly stats = cacheCounter('kit.user-state', {
    max: MAX_USERS,
    size: () => this.users.size,
  });

  constructor(private readonly ttlMs = STATE_CACHE_TTL_MS) {}

  /** Whether copies may be served now (the change subscription is confirmed). */
  get usable(): boolean {
    return this.live;
  }

  setLive(live: boolean): void {
    this.dropAll();
    this.live = live;
  }

  /** The generation a read starts in; `set` keeps its answer only if nothing was dropped meanwhile. */
  generation(): number {
    return this.gen;
  }

  get(sub: string, sid = ''): T | undefined {
    if (!this.live) return undefined;
    const e = this.users.get(sub)?.get(sid);
    if (e && Date.now() - e.at < this.ttlMs) {
      this.stats.hit();
      return e.value;
    }
    this.stats.miss();
    return undefined;
  }

  set(sub: string, sid: string | undefined, value: T, generation: number): void {
    if (!this.live || generation !== this.gen) return;
    let sessions = this.users.get(sub);
    if (!sessions) {
      if (this.users.size >= MAX_USERS) {
        this.dropSub(this.users.keys().next().value!);
        this.stats.evicted();
      }
      this.users.set(sub, (sessions = new Map()));
    }
    if (sessions.size >= MAX_SESSIONS) {
      for (const old of sessions.keys()) if (old) this.sidOwner.delete(old);
      sessions.clear();
    }
    sessions.set(sid ?? '', { value, at: Date.now() });
    if (sid) this.sidOwner.set(sid, sub);
  }

  /** Drops the copies a change touches (and any read in flight from being kept). */
  drop(change: StateChange): void {
    this.gen++;
    for (const sub of change.subs ?? []) this.dropSub(sub);
    for (const sid of change.sids ?? []) {
      const sub = this.sidOwner.get(sid);
      if (sub) this.dropSub(sub);
    }
  }

  dropAll(): void {
    this.gen++;
    this.users.clear();
    this.sidOwner.clear();
  }

  private dropSub(sub: string): void {
    const sessions = this.users.get(sub);
    if (!sessions) return;
    for (const sid of sessions.keys()) if (sid) this.sidOwner.delete(sid);
    this.users.delete(sub);
  }
}

/** The subscribed caches of this process: a write made here drops their copies before it returns. */
const local = new Set<UserStateCache<unknown>>();

/**
 * Announces a change: this process's caches drop it at once (before the write's caller goes on), every other
 * process's when the message arrives (pub/sub on one host: well under a millisecond).
 */
export async function announce(redis: Redis, change: StateChange): Promise<void> {
  for (const cache of local) cache.drop(change);
  await redis.publish(USER_STATE_CHANNEL, JSON.stringify(change));
  for (const cache of local) cache.drop(change); // and a read that began meanwhile is not kept
}

/**
 * Subscribes `cache` to the announcements over its own connection (a subscribed connection takes no other command).
 * The cache is usable only once the subscription is confirmed, and again only after it is confirmed anew after a
 * reconnect; a message that cannot be read drops everything. Returns the close.
 */
export async function subscribeChanges<T>(
  redis: Redis,
  cache: UserStateCache<T>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<() => Promise<void>> {
  const sub = redis.duplicate({
    lazyConnect: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  let closing = false;
  local.add(cache as UserStateCache<unknown>);
  sub.on('error', (err: Error) => log.warn({ err: err.message }, 'user state changes: redis error'));
  sub.on('close', () => cache.setLive(false));
  sub.on('ready', () => {
    if (closing) return;
    sub.subscribe(USER_STATE_CHANNEL).then(
      () => cache.setLive(true),
      (err: Error) =>
        log.warn({ err: err.message }, 'user state changes: not subscribed (reads go to Redis)'),
    );
  });
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== USER_STATE_CHANNEL) return;
    try {
      cache.drop(JSON.parse(raw) as StateChange);
    } catch {
      cache.dropAll();
    }
  });
  // not awaited past a failure: a service whose Redis is away at start still starts (reads go to Redis)
  await sub
    .connect()
    .catch((err: Error) => log.warn({ err: err.message }, 'user state changes: no connection'));
  return async function closeUserStateChanges() {
    closing = true;
    local.delete(cache as UserStateCache<unknown>);
    cache.setLive(false);
    // no QUIT: a subscriber has nothing to flush, and a QUIT queued while it reconnects would wait for Redis
    sub.disconnect();
  };
}
