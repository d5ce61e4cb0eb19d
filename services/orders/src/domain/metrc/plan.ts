import { METRC, MetrcMessages, defaultLabelCount, type MetrcSyncBody } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import type { OrderDoc } from '../../models/order.js';
import type { SyncOrder } from './compare.js';

/**
 * The sync's plan, pure: which delivery days, which Metrc windows (at most 24 hours each, as Metrc requires of
 * lastModifiedStart/End), and the facts of an order it compares.
 */

const DAY = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const at = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Transfers change in Metrc around the delivery: from a few days before (created) to a few after (received). */
export const MARGIN_DAYS = 3;

/** The delivery days asked for: from/to (default the last 7 days up to today), at most METRC.maxDays. */
export function rangeOf(body: Pick<MetrcSyncBody, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const to = body.to ?? (body.from && body.from > dayOf(now) ? body.from : dayOf(now));
  const from = body.from ?? dayOf(new Date(at(to).getTime() - (METRC.defaultDays - 1) * DAY));
  const days = (at(to).getTime() - at(from).getTime()) / DAY + 1;
  if (Number.isNaN(days) || days < 1 || days > METRC.maxDays) throw new Problem(400, MetrcMessages.range);
  return { from, to };
}

/** Every day from..to inclusive ('YYYY-MM-DD'). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = at(from).getTime(); t <= at(to).getTime(); t += DAY) out.push(dayOf(new Date(t)));
  return out;
}

/**
 * The 24-hour lastModified windows (whole UTC days) that cover the given delivery days with MARGIN_DAYS either side,
 * never past `now` (Metrc has nothing newer). Days far apart (orders named by id) get only their own windows.
 */
export function windowsOf(days: string[], now: Date): { start: Date; end: Date }[] {
  const starts = new Set<number>();
  for (const day of days) {
    const t = at(day).getTime();
    if (Number.isNaN(t)) continue;
    for (let k = -MARGIN_DAYS; k <= MARGIN_DAYS; k++)
      if (t + k * DAY <= now.getTime()) starts.add(t + k * DAY);
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((t) => ({ start: new Date(t), end: new Date(Math.min(t + DAY - 1, now.getTime())) }));
}

/**
 * The order's state manifest number: what the order holds today — the billing manifest number
 * (`data.billing.manifest`, the Manifest No. list column), else the number read from its uploaded manifest
 * (`manifest.current.manifestNo`).
 */
export function manifestNoOf(o: Pick<OrderDoc, 'data' | 'manifest'>): string {
  const billing = (o.data?.billing as { manifest?: unknown } | undefined)?.manifest;
  const upload = (o.manifest as { current?: { manifestNo?: unknown } } | undefined)?.current?.manifestNo;
  return String(billing || upload || '').trim();
}

/** The box count (orders §5: the weight field holds it), at least 1: the labels part's rule. */
export const boxesOf = (weight: unknown): number => defaultLabelCount(weight as string | undefined);

export function syncOrderOf(o: OrderDoc): SyncOrder {
  const order = o.data?.order ?? ({} as OrderDoc['data']['order']);
  return {
    id: String(o._id),
    orderId: o.orderId,
    manifestNo: manifestNoOf(o),
    pickupLN: String(order.pickupLN ?? ''),
    destinationLN: String(order.destinationLN ?? ''),
    status: Number(order.status ?? o.status),
    boxes: boxesOf(order.weight),
    day: o.deliveryDay || dayOf(new Date(o.createdAt)),
  };
}
