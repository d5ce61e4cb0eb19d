import { OrderProjection, STORED_FIELDS, fromStored } from '../../readmodels/order-projection.js';
import { DayStats, dayVersion, type DayFigures, type DayStatsDoc } from '../../models/day-stats.js';
import { ByReason, ByStatus, OnTime, counts, type DashboardOrder } from './figures.js';

/**
 * The operations dashboard's per-day summaries (models/day-stats.ts): a day's stored figures are used only while
 * their version equals the day's version; otherwise the day is recomputed from the projection (one `deliveryDay`
 * equality) with the counting rules of figures.ts and stored with the version read BEFORE computing.
 */
/** Days read (and recomputed) at once. */
export const DAY_CONCURRENCY = 8;

/** One day's figures from its projected orders (pure: the same rules as the full read). */
export function figuresOf(orders: Iterable<DashboardOrder>): DayFigures {
  const onTime = new OnTime();
  const reasons = new ByReason();
  const statuses = new ByStatus(0);
  let n = 0;
  for (const o of orders) {
    if (!counts(o)) continue;
    n += 1;
    onTime.add(o);
    reasons.add(o);
    statuses.add(o);
  }
  const t = onTime.view();
  return {
    orders: n,
    delivered: t.delivered,
    measured: t.measured,
    onTime: t.onTime,
    reasons: reasons.rows(),
    statuses: statuses.rows(),
  };
}

/** Recompute one day from the projection and store it under `v` (the version read before this read). */
export async function recomputeDay(day: string, v: number): Promise<DayFigures> {
  const orders: DashboardOrder[] = [];
  // the stored shape: keys top-level, the rest one JSON text (readmodels/order-projection.ts fromStored)
  for await (const o of OrderProjection.find({ deliveryDay: day }).select(STORED_FIELDS).lean().cursor())
    orders.push(fromStored(o) as DashboardOrder);
  const figures = figuresOf(orders);
  await DayStats.replaceOne({ _id: day }, { _id: day, v, figures }, { upsert: true });
  return figures;
}

/** Counters for the bench and the tests: how many days were served from a summary and how many recomputed. */
export const dayStatsCounters = { hits: 0, recomputed: 0 };

/** One day's figures: the stored summary when current, else recomputed. */
export async function dayFigures(day: string): Promise<DayFigures> {
  const [v, stats] = await Promise.all([dayVersion(day), DayStats.findOne({ _id: day }).lean<DayStatsDoc>()]);
  if (stats && stats.v === v) {
    dayStatsCounters.hits += 1;
    return stats.figures;
  }
  dayStatsCounters.recomputed += 1;
  return recomputeDay(day, v);
}

/** Every day's figures (Map day → figures), DAY_CONCURRENCY days at a time. */
export async function figuresOfDays(days: string[]): Promise<Map<string, DayFigures>> {
  const out = new Map<string, DayFigures>();
  const queue = [...new Set(days)];
  const worker = async () => {
    for (let day = queue.shift(); day !== undefined; day = queue.shift()) out.set(day, await dayFigures(day));
  };
  await Promise.all(Array.from({ length: Math.min(DAY_CONCURRENCY, queue.length) }, worker));
  return out;
}

/** Tests: forget every stored summary (the versions stay: they only ever grow). */
export const forgetDayStats = () => DayStats.deleteMany({});
