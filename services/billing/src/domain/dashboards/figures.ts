import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  REJECTION_REASONS,
  statusNameFor,
  type OrderStatusNumber,
} from '@portal/contracts';

/**
 * The dashboards' figures, pure: one pass over the projected orders a query streams, then
 * the answer's arrays. Nothing here reads the database (read.ts does).
 */

/** The fields a dashboard reads of a projected order (read.ts asks the database for these only). */
export interface DashboardOrder {
  status: number;
  deleted: number;
  deliveryDay: string;
  week?: string;
  pickupLN?: string;
  billing?: { dateApproved?: string; deliveredDay?: string; rejected?: string };
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day of an inclusive range (YYYY-MM-DD). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY_MS) out.push(iso(t));
  return out;
}
/** Every month (YYYY-MM) the range touches. */
export const monthsOf = (from: string, to: string) => [
  ...new Set(daysOf(from, to).map((d) => d.slice(0, 7))),
];
/** The ISO week's Monday of a day. */
export function mondayOf(day: string): string {
  const t = dayMs(day);
  return iso(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS);
}
/** Every ISO week (its Monday) the range touches. */
export const weeksOf = (from: string, to: string) => [...new Set(daysOf(from, to).map(mondayOf))];

/** Counted at all: a deleted order (deleted 1) never is; a cancelled one counts under its status. */
export const counts = (o: DashboardOrder) => o.deleted !== 1;
export const isDelivered = (o: DashboardOrder) => o.status === OrderStatus.delivered;
export const isRejection = (o: DashboardOrder) =>
  o.status === OrderStatus.fullRejection || o.status === OrderStatus.partialRejection;

/** Delivered on the approved date; a blank approved date is not measured (left out of the rate). */
export class OnTime {
  delivered = 0;
  measured = 0;
  onTime = 0;
  add(o: DashboardOrder) {
    if (!isDelivered(o)) return;
    this.delivered += 1;
    const approved = o.billing?.dateApproved ?? '';
    if (!approved) return;
    this.measured += 1;
    if ((o.billing?.deliveredDay ?? '') === approved) this.onTime += 1;
  }
  /** Another tally's counts (a day summary, day-stats.ts). */
  merge(t: { delivered: number; measured: number; onTime: number }) {
    this.delivered += t.delivered;
    this.measured += t.measured;
    this.onTime += t.onTime;
  }
  view() {
    const rate = this.measured ? Math.round((this.onTime / this.measured) * 1000) / 1000 : null;
    return { delivered: this.delivered, measured: this.measured, onTime: this.onTime, rate };
  }
}

const STATUSES = Object.keys(ORDER_STATUS_NAMES).map(Number) as OrderStatusNumber[];

/**
 * Orders by status, every status listed (zeros included). For a company caller (role > 1) an Exception reads as Order
 * Approved (orders §4, contracts statusNameFor): its count joins Approved's and no Exception row is shown.
 */
export class ByStatus {
  private n = new Map<number, number>();
  constructor(private readonly role: number) {}
  add(o: DashboardOrder) {
    this.count(o.status, 1);
  }
  /** `n` orders of a status (a day summary's row, day-stats.ts). */
  count(status: number, n: number) {
    const s = this.role > 1 && status === OrderStatus.exception ? OrderStatus.approved : status;
    this.n.set(s, (this.n.get(s) ?? 0) + n);
  }
  /** The raw counts (non-zero), before any view. */
  rows() {
    return [...this.n.entries()].map(([status, count]) => ({ status, count }));
  }
  view() {
    return STATUSES.filter((s) => this.role <= 1 || s !== OrderStatus.exception).map((status) => ({
      status,
      label: statusNameFor(status, this.role),
      count: this.n.get(status) ?? 0,
    }));
  }
}

/** Rejections (full or partial) by reason code, most first; a rejection without a code is 'No reason given'. */
export class ByReason {
  private n = new Map<string, number>();
  add(o: DashboardOrder) {
    if (!isRejection(o)) return;
    this.count(String(o.billing?.rejected ?? '').trim(), 1);
  }
  /** `n` rejections of a reason code (a day summary's row, day-stats.ts). */
  count(reason: string, n: number) {
    this.n.set(reason, (this.n.get(reason) ?? 0) + n);
  }
  /** The raw counts, before labels. */
  rows() {
    return [...this.n.entries()].map(([reason, count]) => ({ reason, count }));
  }
  total() {
    let t = 0;
    for (const v of this.n.values()) t += v;
    return t;
  }
  view() {
    return [...this.n.entries()]
      .map(([reason, count]) => ({ reason, label: reasonLabel(reason), count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
export const reasonLabel = (reason: string) =>
  reason === '' ? 'No reason given' : (REJECTION_REASONS[Number(reason)] ?? `Reason ${reason}`);

/** Delivered orders per bucket (a day or a week), every bucket listed in order, zeros included. */
export class PerBucket {
  private n = new Map<string, number>();
  constructor(
    private readonly buckets: string[],
    private readonly of: (o: DashboardOrder) => string,
  ) {
    for (const b of buckets) this.n.set(b, 0);
  }
  add(o: DashboardOrder) {
    if (!isDelivered(o)) return;
    const b = this.of(o);
    if (this.n.has(b)) this.n.set(b, this.n.get(b)! + 1);
  }
  entries() {
    return this.buckets.map((b) => [b, this.n.get(b) ?? 0] as const);
  }
}
