import { cacheCounter, type CacheCounter } from '@portal/service-kit';
import type { ProjectedOrder } from '../../readmodels/order-projection.js';

/**
 * The reconciliation's read of one vendor-month, shared (bench billing.recon.month): FerretDB 1.24 turns each
 * stored document back into BSON at about 1–3 ms a document on a busy machine, so a 600-order vendor-month costs a
 * second or more. Callers asking for the same vendor-month at once share one read (single flight), and its rows are
 * reused for `ttlMs` (RECON_CACHE_MS, default 5 s), then refreshed in the background while the last rows answer.
 * The print never uses it (it stamps what the database holds now). One per app instance; 0 turns it off (tests).
 */
export class TtlCache<T> {
  private entries = new Map<string, { at: number; rows: Promise<T>; ready?: T; refreshing?: boolean }>();
  private readonly stats: CacheCounter;
  private readonly max: number;
  /** `max` entries at most: past it, the oldest go first (a bound on memory whatever the callers ask for). */
  constructor(
    private ttlMs: number,
    private now = () => Date.now(),
    { name = 'billing.ttl', max = 1000 }: { name?: string; max?: number } = {},
  ) {
    this.max = max;
    this.stats = cacheCounter(name, { max, size: () => this.entries.size });
  }

  /**
   * Fresh within the ttl; after it, the last good value is answered while ONE read refreshes it in the background
   * (stale while revalidate: a caller never waits on a refresh once a value exists).
   */
  get(key: string, read: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return read();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.ttlMs) {
      this.stats.hit();
      return hit.rows;
    }
    if (hit && hit.ready !== undefined) {
      this.stats.hit();
      if (!hit.refreshing) {
        hit.refreshing = true;
        read().then(
          (v) => this.entries.set(key, { at: this.now(), rows: Promise.resolve(v), ready: v }),
          () => (hit.refreshing = false),
        );
      }
      return Promise.resolve(hit.ready);
    }
    this.stats.miss();
    const entry: { at: number; rows: Promise<T>; ready?: T } = { at: t, rows: read() };
    this.entries.set(key, entry);
    entry.rows.then(
      (v) => (entry.ready = v),
      () => this.entries.delete(key),
    );
    if (this.entries.size > this.max) {
      for (const [k, e] of this.entries) if (t - e.at >= this.ttlMs * 12) this.entries.delete(k);
      for (const k of this.entries.keys()) {
        if (this.entries.size <= this.max) break;
        this.entries.delete(k);
        this.stats.evicted();
      }
    }
    return entry.rows;
  }
}

/** A vendor-month holds its orders (about 1 KB each, up to a few thousand): 200 of them at most. */
export class MonthCache extends TtlCache<ProjectedOrder[]> {
  constructor(ttlMs: number, now?: () => number) {
    super(ttlMs, now, { name: 'billing.recon.months', max: 200 });
  }
}
/**
 * Route and driver names by `_id` (`route:<id>`, `driver:<id>`), reused a minute: a month of one vendor names up to
 * every route and driver, one FerretDB read each, which cost more than the month itself.
 */
export class NameCache extends TtlCache<string | null> {
  constructor(ttlMs: number, now?: () => number) {
    super(ttlMs, now, { name: 'billing.recon.names', max: 5000 });
  }
}
