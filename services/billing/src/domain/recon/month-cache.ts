import type { ProjectedOrder } from '../../models/order-projection.js';

/**
 * The reconciliation's read of one vendor-month, shared (issue 15 bench billing.recon.month): FerretDB 1.24 turns each
 * stored document back into BSON at about 1–3 ms a document on a busy machine, so a 600-order vendor-month costs a
 * second or more. Callers asking for the same vendor-month at once share one read (single flight), and its rows are
 * reused for `ttlMs` (RECON_CACHE_MS, default 5 s: a clerk's Search, its "More" pages and the export right after).
 * The print never uses it (it stamps what the database holds now). One per app instance; 0 turns it off (tests).
 */
export class TtlCache<T> {
  private entries = new Map<string, { at: number; rows: Promise<T> }>();
  constructor(
    private ttlMs: number,
    private now = () => Date.now(),
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return read();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.rows;
    const rows = read();
    this.entries.set(key, { at: t, rows });
    rows.catch(() => this.entries.delete(key));
    if (this.entries.size > 2000) {
      for (const [k, e] of this.entries) if (t - e.at >= this.ttlMs) this.entries.delete(k);
    }
    return rows;
  }
}

export class MonthCache extends TtlCache<ProjectedOrder[]> {}
/**
 * Route and driver names by `_id` (`route:<id>`, `driver:<id>`), reused a minute: a month of one vendor names up to
 * every route and driver, one FerretDB read each, which cost more than the month itself.
 */
export class NameCache extends TtlCache<string | null> {}
