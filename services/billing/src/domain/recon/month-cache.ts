import { cacheCounter, type CacheCounter } from '@portal/service-kit';
import type { ProjectedOrder } from '../../readmodels/order-projection.js';
import { vendorMonthVersion } from '../../models/month-versions.js';

/**
 * A read reused for `ttlMs`, shared by callers asking at once (single flight), then refreshed in the background while
 * the last value answers (stale while revalidate). For data whose change is not announced to this process and may
 * show a little late: the route and driver names of the reconciliation. One per app instance; 0 turns it off (tests).
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

/**
 * The reconciliation's read of one vendor-month, kept by the vendor-month's version (models/month-versions.ts):
 * FerretDB 1.24 turns each stored document back into BSON at about 1–3 ms a document on a busy machine, so a 600-order
 * vendor-month costs a second or more, and a picker's repeated searches read the same month again. Each call reads
 * the counter (one _id read) and answers the kept rows while it has not moved since they were read; callers asking
 * at once share one read. So a print's stamp, or any order change the projection applied on any instance, shows at
 * the next call. A vendor-month holds its orders (about 1 KB each, up to a few thousand): 200 of them at most, the
 * least recently used go first. `on` false (RECON_CACHE_MS=0, tests) reads every time.
 */
export class MonthCache {
  private entries = new Map<string, { v: number; rows: Promise<ProjectedOrder[]> }>();
  private readonly stats: CacheCounter;
  constructor(
    private readonly on: boolean,
    private readonly versionOf: (key: string) => Promise<number> = vendorMonthVersion,
    private readonly max = 200,
  ) {
    this.stats = cacheCounter('billing.recon.months', { max, size: () => this.entries.size });
  }

  async get(key: string, read: () => Promise<ProjectedOrder[]>): Promise<ProjectedOrder[]> {
    if (!this.on) return read();
    // the version BEFORE the rows: a change landing during the read leaves them marked older, read again next time
    const v = await this.versionOf(key);
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.v >= v) {
      this.stats.hit();
      this.entries.set(key, hit); // most recently used last
      return hit.rows;
    }
    this.stats.miss();
    const entry = { v, rows: read() };
    this.entries.set(key, entry);
    entry.rows.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(k);
      this.stats.evicted();
    }
    return entry.rows;
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
