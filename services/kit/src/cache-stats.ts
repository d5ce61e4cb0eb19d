import type { FastifyBaseLogger } from 'fastify';

/**
 * Hit rates of the in-process caches. Every cache is bounded by a number of entries (a bound on memory: an
 * instance's RSS must not grow with the number of users, tokens or vendor-months it has seen); each counts its
 * hits and misses here, and the kit logs them in one line per interval ("cache hit rates", CACHE_LOG_MS, default
 * 5 minutes; only when something was looked up), so a cache that does not pay for its memory shows.
 */
export interface CacheCounter {
  hit(): void;
  miss(): void;
  /** An entry dropped to keep the bound. */
  evicted(n?: number): void;
}

interface Entry {
  hits: number;
  misses: number;
  evictions: number;
  max: number;
  size: () => number;
}

const caches = new Map<string, Entry>();

/**
 * The counter of the cache `name` (one per process: a later call with the same name, e.g. a second app in a test
 * process, shares it and replaces how its size is read).
 */
export function cacheCounter(name: string, bound: { max: number; size: () => number }): CacheCounter {
  let e = caches.get(name);
  if (!e) caches.set(name, (e = { hits: 0, misses: 0, evictions: 0, ...bound }));
  else Object.assign(e, bound);
  const entry = e;
  return {
    hit: () => void entry.hits++,
    miss: () => void entry.misses++,
    evicted: (n = 1) => void (entry.evictions += n),
  };
}

export interface CacheFigures {
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0..1, rounded to 3 places; null before any lookup. */
  hitRate: number | null;
  evictions: number;
  size: number;
  max: number;
}

/** Every cache's figures since the last reset (`reset` starts a new interval). */
export function cacheFigures({ reset = false } = {}): Record<string, CacheFigures> {
  const out: Record<string, CacheFigures> = {};
  for (const [name, e] of caches) {
    const n = e.hits + e.misses;
    out[name] = {
      hits: e.hits,
      misses: e.misses,
      hitRate: n ? Math.round((e.hits / n) * 1000) / 1000 : null,
      evictions: e.evictions,
      size: e.size(),
      max: e.max,
    };
    if (reset) e.hits = e.misses = e.evictions = 0;
  }
  return out;
}

/** Logs the caches' figures every `everyMs` (nothing when no cache was used); returns the stop. */
export function logCacheFigures(log: FastifyBaseLogger, everyMs: number): () => void {
  if (!(everyMs > 0)) return () => undefined;
  const timer = setInterval(() => {
    const figures = cacheFigures({ reset: true });
    const used = Object.fromEntries(
      Object.entries(figures).filter(([, f]) => f.hits + f.misses + f.evictions > 0),
    );
    if (Object.keys(used).length) log.info({ caches: used }, 'cache hit rates');
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
