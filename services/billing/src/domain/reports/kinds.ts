import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  REJECTION_REASONS,
  type OrderStatusNumber,
} from '@portal/contracts';
import { BillingMessages, type ReportKind } from '@portal/contracts/billing';
import type { ProjectedOrder } from '../../readmodels/order-projection.js';

/** One output row: strings and numbers in the column order. */
export type Row = (string | number)[];
/** Route and driver names by id (NameModel `route:<id>`, `driver:<id>`). */
export interface Names {
  route(id: string): string;
  driver(id: string): string;
}
/** An extra table (the xlsx's second sheet; the CSV carries only the main rows). */
export interface Sheet {
  name: string;
  columns: string[];
  rows: Row[];
}

/**
 * How one kind turns the projection's orders into rows (pure, fed batch by batch, one day after another): only
 * aggregates a day or the whole run needs are held (a few groups), never the orders.
 */
export interface ReportBuilder {
  columns: string[];
  /** The rows of one batch of one day's orders. */
  batch(orders: ProjectedOrder[], names: Names): Row[];
  /** Rows closing a day (per-day aggregates). */
  endDay?(day: string): Row[];
  /** Rows closing the run (whole-range aggregates). */
  end?(): Row[];
  /** Said instead of a table when the run found nothing. */
  emptyText?: string;
  /** The xlsx's second sheet, if any. */
  summary?(): Sheet;
}

const live = (o: ProjectedOrder) => o.deleted !== 1;
const statusName = (s: number) => ORDER_STATUS_NAMES[s as OrderStatusNumber] ?? String(s);
/** ISO time → 'YYYY-MM-DD HH:MM' (UTC), '' when absent. */
export const utc = (iso?: string) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');
const driverOf = (o: ProjectedOrder) => o.deliveryDriver || o.pickupDriver;
const REJECTED: number[] = [OrderStatus.fullRejection, OrderStatus.partialRejection];
const SIGNED_OFF: number[] = [OrderStatus.delivered, ...REJECTED];
const SIGNATURES = ['pickup', 'driver', 'customer', 'dropoff'] as const;

function timestamp(): ReportBuilder {
  return {
    columns: ['Order', 'Vendor', 'Destination', 'Status', 'Route', 'Driver'].concat([
      'Picked up (UTC)',
      'Checked in (UTC)',
      'Checked out (UTC)',
      'Delivered (UTC)',
    ]),
    batch: (orders, names) =>
      orders.filter(live).map((o) => {
        const t = o.billing?.times ?? {};
        return [o.orderId, o.vendorName, o.destName, statusName(o.status), names.route(o.route)]
          .concat([names.driver(driverOf(o)), utc(t.pickedUp), utc(t.checkedin), utc(t.checkedout)])
          .concat([utc(t.delivered)]);
      }),
  };
}

function signature(): ReportBuilder {
  return {
    columns: [
      'Delivery day',
      'Order',
      'Vendor',
      'Destination',
      'Status',
      'Route',
      'Driver',
      'Missing signatures',
    ],
    emptyText: BillingMessages.noMissingSignatures,
    batch: (orders, names) =>
      orders
        .filter((o) => live(o) && SIGNED_OFF.includes(o.status))
        .map((o) => ({ o, missing: SIGNATURES.filter((s) => !o.billing?.signatures?.[s]) }))
        .filter(({ missing }) => missing.length > 0)
        .map(({ o, missing }) => [
          o.deliveryDay,
          o.orderId,
          o.vendorName,
          o.destName,
          statusName(o.status),
          names.route(o.route),
          names.driver(driverOf(o)),
          missing.join(', '),
        ]),
  };
}

function status(): ReportBuilder {
  const counts = new Map<number, number>();
  return {
    columns: ['Delivery day', 'Order', 'Vendor', 'Destination', 'Status', 'Route', 'Driver'],
    batch: (orders, names) =>
      orders.filter(live).map((o) => {
        counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
        return [o.deliveryDay, o.orderId, o.vendorName, o.destName, statusName(o.status)].concat([
          names.route(o.route),
          names.driver(driverOf(o)),
        ]);
      }),
    summary: () => ({
      name: 'By status',
      columns: ['Status', 'Orders'],
      rows: [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => [statusName(s), n]),
    }),
  };
}

function deliveries(): ReportBuilder {
  let day = new Map<
    string,
    { route: string; driver: string; delivered: number; rejected: number; total: number }
  >();
  return {
    columns: ['Delivery day', 'Route', 'Driver', 'Delivered', 'Rejected', 'Orders'],
    batch: (orders, names) => {
      for (const o of orders.filter(live)) {
        const route = names.route(o.route);
        const driver = names.driver(driverOf(o));
        const key = `${route}\u0000${driver}`;
        const g = day.get(key) ?? { route, driver, delivered: 0, rejected: 0, total: 0 };
        g.total += 1;
        if (o.status === OrderStatus.delivered) g.delivered += 1;
        if (REJECTED.includes(o.status)) g.rejected += 1;
        day.set(key, g);
      }
      return [];
    },
    endDay: (d) => {
      const rows = [...day.values()]
        .sort((a, b) => a.route.localeCompare(b.route) || a.driver.localeCompare(b.driver))
        .map((g): Row => [d, g.route, g.driver, g.delivered, g.rejected, g.total]);
      day = new Map();
      return rows;
    },
  };
}

function rejections(): ReportBuilder {
  const byCode = new Map<string, { full: number; partial: number; total: number }>();
  return {
    columns: ['Reason code', 'Reason', 'Full rejections', 'Partial rejections', 'Orders'],
    batch: (orders) => {
      for (const o of orders.filter(live)) {
        const code = o.billing?.rejected ?? '';
        if (!code && !REJECTED.includes(o.status)) continue;
        const g = byCode.get(code) ?? { full: 0, partial: 0, total: 0 };
        g.total += 1;
        if (o.status === OrderStatus.fullRejection) g.full += 1;
        if (o.status === OrderStatus.partialRejection) g.partial += 1;
        byCode.set(code, g);
      }
      return [];
    },
    end: () =>
      [...byCode.entries()]
        .sort((a, b) => Number(a[0] || 99) - Number(b[0] || 99))
        .map(([code, g]) => [
          code,
          REJECTION_REASONS[Number(code)] ?? 'No reason given',
          g.full,
          g.partial,
          g.total,
        ]),
  };
}

export const BUILDERS: Record<ReportKind, () => ReportBuilder> = {
  timestamp,
  signature,
  status,
  deliveries,
  rejections,
};
