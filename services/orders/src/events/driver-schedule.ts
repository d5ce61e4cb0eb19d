import { defineConsumer } from '@portal/service-kit';
import { Role, STREAMS, Subjects, type DriverScheduleChangedData } from '@portal/contracts';
import { memberOf } from '../readmodels/members.js';
import { applyWeek } from '../domain/fixorders-write.js';
import { cellKey, type CellKey } from '../domain/fixorders.js';
import type { Caller } from '../domain/order-access.js';

/**
 * routing.driverschedule.changed.v1 → the week's orders follow the schedule at once (the same write as
 * POST /orders/fixorders, domain/fixorders-write.ts), by the user who saved the week. A route-day this save took a
 * driver off (a change's `before` route no longer run that day) clears that driver from its orders' leg. Events
 * without `assignments` (older routing) change nothing: the weekly page's fixorders call covers them. Idempotent:
 * a redelivered event finds every order already in line and writes nothing.
 */
async function callerOf(by: DriverScheduleChangedData['by']): Promise<Caller> {
  const m = await memberOf(by.userId);
  return {
    userId: by.userId,
    name: by.name,
    role: m?.role === Role.SuperAdmin ? Role.SuperAdmin : Role.Admin,
    companyKeys: [],
    suspended: false,
    driverIds: [],
    sameDayPickup: false,
  };
}

/** The route-days this save emptied, each with the driver taken off it. */
export function clearedOf(e: DriverScheduleChangedData): Map<CellKey, string> {
  const run = new Set((e.assignments ?? []).map((a) => cellKey(a.date, a.route)));
  const out = new Map<CellKey, string>();
  for (const c of e.changes) {
    const route = c.before?.route;
    if (!route || c.after?.route === route) continue;
    const key = cellKey(c.date, route);
    if (!run.has(key)) out.set(key, c.driverId);
  }
  return out;
}

export const driverScheduleConsumer = defineConsumer({
  durable: 'orders-driver-schedule',
  stream: STREAMS.routing,
  subjects: [Subjects.driverScheduleChanged],
  concurrency: 1,
  async handle(event, { app, log }) {
    const e = event.data;
    if (!e.assignments) return;
    const c = await callerOf(e.by);
    const r = await applyWeek(c, e.week, e.assignments, {
      appUrl: String(app.env.APP_URL),
      cleared: clearedOf(e),
    });
    log.info(
      { week: r.week, scheduled: r.ordersToUpdate.length, updated: r.updated, failed: r.failed.length },
      'weekly schedule applied to orders',
    );
  },
});
