import { Problem, cacheCounter } from '@portal/service-kit';
import { licenceKey } from '@portal/contracts';
import {
  DASHBOARD,
  lastDays,
  rangeProblem,
  type OperationsDashboard,
  type VendorDashboard,
} from '@portal/contracts/billing';
import { OrderProjection, STORED_FIELDS, fromStored } from '../../readmodels/order-projection.js';
import {
  ByReason,
  ByStatus,
  OnTime,
  PerBucket,
  counts,
  daysOf,
  mondayOf,
  monthsOf,
  weeksOf,
  type DashboardOrder,
} from './figures.js';
import { figuresOfDays, forgetDayStats } from './day-stats.js';

/**
 * The dashboards' reads. FerretDB pushes down only top-level equality (ARCHITECTURE): every query names one
 * `deliveryDay` (ranges up to 31 days, one query a day), one `month` (longer ranges, filtered to the days here), one
 * `week`, or one `vendorMonth` per licence and month; the figures are tallied in one streaming pass (figures.ts).
 */
const DAY_QUERIES_UP_TO = 31;

/** The range asked for (default the last 30 days) or a 400 in the shared words. */
export function rangeOf(q: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  if (!q.from && !q.to) return lastDays(DASHBOARD.defaultDays, now);
  const from = q.from ?? '';
  const to = q.to ?? '';
  const problem = rangeProblem(from, to);
  if (problem) throw new Problem(400, problem);
  return { from, to };
}

/** The filters that reach a range's orders, each an equality on an indexed key (exported for the index proof). */
export function rangeFilters(from: string, to: string): Record<string, string>[] {
  const days = daysOf(from, to);
  if (days.length <= DAY_QUERIES_UP_TO) return days.map((deliveryDay) => ({ deliveryDay }));
  return monthsOf(from, to).map((month) => ({ month }));
}
/** A vendor's: one `vendorMonth` per licence key and month. */
export const vendorFilters = (keys: string[], from: string, to: string) =>
  keys.flatMap((k) => monthsOf(from, to).map((m) => ({ vendorMonth: `${k}|${m}` })));

export async function each(filters: Record<string, string>[], visit: (o: DashboardOrder) => void) {
  for (const filter of filters) {
    for await (const o of OrderProjection.find(filter).select(STORED_FIELDS).lean().cursor())
      visit(fromStored(o) as DashboardOrder);
  }
}

const inRange = (from: string, to: string) => (o: DashboardOrder) =>
  counts(o) && o.deliveryDay >= from && o.deliveryDay <= to;

/**
 * The operations dashboard (staff): every vendor's orders delivered for the range, and this week's by status, summed
 * from one summary per day (day-stats.ts: the range's days and this week's 7; a stale day is recomputed first).
 */
export async function operationsDashboard(range: { from: string; to: string }, now = new Date()) {
  const { from, to } = range;
  const days = daysOf(from, to);
  const week = mondayOf(now.toISOString().slice(0, 10));
  const weekDays = daysOf(week, isoPlus(week, 6));
  const figures = await figuresOfDays([...days, ...weekDays]);
  const onTime = new OnTime();
  const reasons = new ByReason();
  let orders = 0;
  for (const day of days) {
    const f = figures.get(day)!;
    orders += f.orders;
    onTime.merge(f);
    for (const r of f.reasons) reasons.count(r.reason, r.count);
  }
  const byStatus = new ByStatus(0);
  for (const day of weekDays) for (const r of figures.get(day)!.statuses) byStatus.count(r.status, r.count);
  const onTimeView = onTime.view();
  const data: OperationsDashboard['data'] = {
    from,
    to,
    deliveriesPerDay: days.map((day) => ({ day, delivered: figures.get(day)!.delivered })),
    onTime: onTimeView,
    rejectionsByReason: reasons.view(),
    week,
    ordersByStatusThisWeek: byStatus.view(),
    totals: { orders, delivered: onTimeView.delivered, rejections: reasons.total() },
  };
  return data;
}
const isoPlus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The same answer read from every projected order of the range (the reference the day summaries must equal). */
export async function operationsFullRead(range: { from: string; to: string }, now = new Date()) {
  const { from, to } = range;
  const perDay = new PerBucket(daysOf(from, to), (o) => o.deliveryDay);
  const onTime = new OnTime();
  const reasons = new ByReason();
  let orders = 0;
  const take = inRange(from, to);
  await each(rangeFilters(from, to), (o) => {
    if (!take(o)) return;
    orders += 1;
    perDay.add(o);
    onTime.add(o);
    reasons.add(o);
  });
  const week = mondayOf(now.toISOString().slice(0, 10));
  const byStatus = new ByStatus(0);
  await each([{ week }], (o) => counts(o) && byStatus.add(o));
  const onTimeView = onTime.view();
  const data: OperationsDashboard['data'] = {
    from,
    to,
    deliveriesPerDay: perDay.entries().map(([day, delivered]) => ({ day, delivered })),
    onTime: onTimeView,
    rejectionsByReason: reasons.view(),
    week,
    ordersByStatusThisWeek: byStatus.view(),
    totals: { orders, delivered: onTimeView.delivered, rejections: reasons.total() },
  };
  return data;
}

/**
 * A company's dashboard: the orders it sends (pickup licence key one of `keys`), by status, on time, delivered per
 * week. No keys → zeros (never anyone else's figures).
 */
export async function vendorDashboard(keys: string[], range: { from: string; to: string }, role: number) {
  const { from, to } = range;
  const own = new Set(keys.map(licenceKey).filter(Boolean));
  const byStatus = new ByStatus(role);
  const onTime = new OnTime();
  const perWeek = new PerBucket(weeksOf(from, to), (o) => mondayOf(o.deliveryDay));
  let orders = 0;
  const take = inRange(from, to);
  await each(vendorFilters([...own], from, to), (o) => {
    if (!take(o) || !own.has(licenceKey(o.pickupLN ?? ''))) return;
    orders += 1;
    byStatus.add(o);
    onTime.add(o);
    perWeek.add(o);
  });
  const onTimeView = onTime.view();
  const data: VendorDashboard['data'] = {
    from,
    to,
    licences: own.size,
    ordersByStatus: byStatus.view(),
    onTime: onTimeView,
    deliveriesPerWeek: perWeek.entries().map(([week, delivered]) => ({ week, delivered })),
    totals: { orders, delivered: onTimeView.delivered },
  };
  return data;
}

/** A computed answer kept DASHBOARD.cacheSeconds per caller and range (a dashboard is opened and re-opened). */
const cache = new Map<string, { until: number; value: Promise<unknown> }>();
const CACHE_MAX = 1000;
const stats = cacheCounter('billing.dashboards', { max: CACHE_MAX, size: () => cache.size });
export function cached<T>(key: string, compute: () => Promise<T>, seconds: number = DASHBOARD.cacheSeconds) {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) {
    stats.hit();
    return hit.value as Promise<T>;
  }
  stats.miss();
  if (cache.size >= CACHE_MAX) for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
  // still full of live answers: the oldest goes (insertion order), so the bound holds under any load
  while (cache.size >= CACHE_MAX) {
    cache.delete(cache.keys().next().value!);
    stats.evicted();
  }
  const value = compute();
  cache.set(key, { until: now + seconds * 1000, value });
  value.catch(() => cache.delete(key));
  return value;
}
/** Tests: forget every cached answer (the 30 s answers and the stored day summaries: tests seed the projection directly). */
export async function clearDashboardCache() {
  cache.clear();
  await forgetDayStats();
}
