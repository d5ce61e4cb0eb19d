import type { Static } from 'typebox';

/**
 * The operations dashboard (staff) and a vendor's own (roles 3, 4). Plain JSON Schema
 * `as const` (the service's response schemas; types only in the browser). Owned by the dashboards part; re-exported by
 * billing-ops.ts (`@portal/contracts/billing`).
 *
 * Both read billing's order projection by its delivery day (data.order.deliveryDate, else preferredDelivery),
 * inclusive range `from`–`to` (YYYY-MM-DD, default the last 30 days ending today, at most 366 days). Deleted orders
 * (deleted 1) never count; cancelled ones count only under their status.
 */
export const DASHBOARD = {
  /** The default range: the last 30 days, today included. */
  defaultDays: 30,
  /** A computed answer is reused this long for the same caller and range. */
  cacheSeconds: 30,
} as const;

export const DashboardWords = {
  noDeliveries: 'No deliveries in this period.',
  noRejections: 'No rejections in this period.',
  noOrdersThisWeek: 'No orders this week.',
  noOrders: 'No orders in this period.',
  noServiceDue: 'No vehicles are due for service.',
  chooseVendor: 'Please choose a vendor (vendorLN) to see their dashboard.',
  noApprovedDate: 'Orders without an approved date are left out of the on-time rate.',
  exportFailed: (why: string) => `Export failed: ${why}`,
} as const;

/**
 * "My Reports" export (GET /api/billing/dashboard/vendor/export?from&to&format=csv|xlsx[&vendorLN]): a company's own
 * orders of the range, one line each, in these columns (status as the caller's role reads it).
 */
export const VENDOR_EXPORT_COLUMNS = [
  'Order',
  'Delivery day',
  'Status',
  'Destination',
  'Destination licence',
  'Order type',
  'Approved delivery',
  'Delivered',
  'Invoice',
  'Amount',
] as const;
export type VendorExportFormat = 'csv' | 'xlsx';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const obj = <const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) => ({ type: 'object', properties, required, additionalProperties: false }) as const;

/**
 * On time = delivered (status Delivered) on the approved date: billing.deliveredDay === billing.dateApproved.
 * `measured` are the delivered orders that carry an approved date (a blank one cannot be on time or late: it is left
 * out of the rate, and `delivered - measured` says how many); `rate` is onTime / measured (0–1, 3 decimals), null
 * when nothing was measured.
 */
export const OnTimeView = obj(
  { delivered: int, measured: int, onTime: int, rate: { type: ['number', 'null'] } },
  ['delivered', 'measured', 'onTime', 'rate'],
);
export const StatusCountView = obj({ status: int, label: str, count: int }, ['status', 'label', 'count']);
export const ReasonCountView = obj({ reason: str, label: str, count: int }, ['reason', 'label', 'count']);
export const DayCountView = obj({ day: str, delivered: int }, ['day', 'delivered']);
/** `week` is the ISO week's Monday (YYYY-MM-DD). */
export const WeekCountView = obj({ week: str, delivered: int }, ['week', 'delivered']);

export const DashboardQuery = obj({ from: str, to: str, vendorLN: str }, []);

/** GET /api/billing/dashboard/operations?from&to (staff). */
export const OperationsDashboard = obj(
  {
    data: obj(
      {
        from: str,
        to: str,
        deliveriesPerDay: { type: 'array', items: DayCountView },
        onTime: OnTimeView,
        rejectionsByReason: { type: 'array', items: ReasonCountView },
        /** The current ISO week (Monday `week`), every status, zeros included. */
        week: str,
        ordersByStatusThisWeek: { type: 'array', items: StatusCountView },
        totals: obj({ orders: int, delivered: int, rejections: int }, ['orders', 'delivered', 'rejections']),
      },
      [
        'from',
        'to',
        'deliveriesPerDay',
        'onTime',
        'rejectionsByReason',
        'week',
        'ordersByStatusThisWeek',
        'totals',
      ],
    ),
  },
  ['data'],
);
export type OperationsDashboard = Static<typeof OperationsDashboard>;

/**
 * GET /api/billing/dashboard/vendor?from&to (roles 3, 4: the caller's company; staff: `vendorLN` names the vendor).
 * A company's orders are those it sends (pickup licence one of its licences); orders it receives are another
 * company's shipments and do not count. `licences` is how many licences the figures cover (0: no company known).
 */
export const VendorDashboard = obj(
  {
    data: obj(
      {
        from: str,
        to: str,
        licences: int,
        ordersByStatus: { type: 'array', items: StatusCountView },
        onTime: OnTimeView,
        deliveriesPerWeek: { type: 'array', items: WeekCountView },
        totals: obj({ orders: int, delivered: int }, ['orders', 'delivered']),
      },
      ['from', 'to', 'licences', 'ordersByStatus', 'onTime', 'deliveriesPerWeek', 'totals'],
    ),
  },
  ['data'],
);
export type VendorDashboard = Static<typeof VendorDashboard>;

/** The default range ending `now`'s UTC day (inclusive, DASHBOARD.defaultDays long). Pure. */
export function lastDays(
  days: number = DASHBOARD.defaultDays,
  now = new Date(),
): { from: string; to: string } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** This ISO week, Monday–Sunday, containing `now`. Pure. */
export function thisWeek(now = new Date()): { from: string; to: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}
