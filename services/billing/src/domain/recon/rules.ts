import { OrderStatus } from '@portal/contracts';
import { isSettled, type ReconRow, type ReconTotals } from '@portal/contracts/billing';
import type { ProjectedOrder } from '../../readmodels/order-projection.js';

/**
 * The reconciliation's rules, pure (unit-tested without HTTP). Decisions (the spec is silent; a billing clerk's view):
 *  - a vendor's orders are those it ships (pickupLN), in the range by their delivery day (the projection's deliveryDay);
 *  - deleted and cancelled orders are not listed at all;
 *  - delivered, full-rejection and partial-rejection orders are COUNTED (the run was made and is billed) and stamped by
 *    a print; every other live order of the range is listed, flagged `counted: false`, outside the totals;
 *  - money is integer cents (the projection's billing.amountCents, else contracts centsOf of the typed amount);
 *  - vendor discrepancies are reported within 48 hours (orders §9): a row whose reconciliation stamp is older is
 *    `settled` (its figures stand) and a new print does not stamp it again.
 */
export const COUNTED_STATUSES: readonly number[] = [
  OrderStatus.delivered,
  OrderStatus.fullRejection,
  OrderStatus.partialRejection,
];
export const isListed = (o: Pick<ProjectedOrder, 'deleted' | 'status'>) =>
  !o.deleted && o.status !== OrderStatus.cancelled;
export const isCounted = (o: Pick<ProjectedOrder, 'deleted' | 'status'>) =>
  isListed(o) && COUNTED_STATUSES.includes(o.status);

/** The months (YYYY-MM) a range of days touches, in order: one vendorMonth equality query each. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** Rows sort by delivery day, then id; the keyset cursor is `${deliveryDay}|${id}` of the last row given. */
export const cursorOf = (r: Pick<ReconRow, 'deliveryDay' | 'id'>) => `${r.deliveryDay}|${r.id}`;
export const compareRows = (a: ReconRow, b: ReconRow) =>
  cursorOf(a) < cursorOf(b) ? -1 : cursorOf(a) > cursorOf(b) ? 1 : 0;

export interface Names {
  route(id: string): string;
  driver(id: string): string;
}

/** One projected order → its row (amount in cents from the facts; centsOf is contracts' one parser). */
export function rowOf(
  o: ProjectedOrder,
  names: Names,
  centsOf: (a: unknown) => number | null,
  now = new Date(),
): ReconRow {
  const b = o.billing ?? ({} as ProjectedOrder['billing']);
  const cents = Number.isInteger(b.amountCents) ? b.amountCents : (centsOf(b.amount) ?? 0);
  const driver = o.deliveryDriver || o.pickupDriver;
  return {
    id: o._id,
    orderId: o.orderId,
    deliveryDay: o.deliveryDay,
    destination: o.destName,
    destinationLN: o.destinationLN,
    route: o.route ?? '',
    routeName: o.route ? names.route(o.route) : '',
    driverName: driver ? names.driver(driver) : '',
    invoice: b.invoice ?? '',
    amount: b.amount ?? '',
    amountCents: cents,
    method: b.method ?? '',
    status: o.status,
    counted: isCounted(o),
    ...(b.recon ? { recon: { date: b.recon.date, user: b.recon.user } } : {}),
    ...(b.recon && isSettled(b.recon.date, now) ? { settled: true } : {}),
  };
}

/** Totals over the counted rows, in integer cents: by method (blank as 'No method') and by route (blank 'No route'). */
export function totalsOf(rows: readonly ReconRow[]): ReconTotals {
  const byMethod = new Map<string, { method: string; count: number; amountCents: number }>();
  const byRoute = new Map<string, { route: string; routeName: string; count: number; amountCents: number }>();
  let count = 0;
  let amountCents = 0;
  for (const r of rows) {
    if (!r.counted) continue;
    count += 1;
    amountCents += r.amountCents;
    const method = r.method || 'No method';
    const m = byMethod.get(method) ?? { method, count: 0, amountCents: 0 };
    m.count += 1;
    m.amountCents += r.amountCents;
    byMethod.set(method, m);
    const rt = byRoute.get(r.route) ?? {
      route: r.route,
      routeName: r.routeName || (r.route ? r.route : 'No route'),
      count: 0,
      amountCents: 0,
    };
    rt.count += 1;
    rt.amountCents += r.amountCents;
    byRoute.set(r.route, rt);
  }
  const byName =
    <T>(key: (t: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    count,
    amountCents,
    byMethod: [...byMethod.values()].sort(byName((m) => m.method)),
    byRoute: [...byRoute.values()].sort(byName((r) => r.routeName)),
  };
}
