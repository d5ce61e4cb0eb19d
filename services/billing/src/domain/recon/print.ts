import { RECON_STAMP_MAX, Subjects, licenceKey } from '@portal/contracts';
import {
  reportByOf,
  type ReconPrintBody,
  type ReconPrintView,
  type ReconTotals,
} from '@portal/contracts/billing';
import type { AuthUser } from '@portal/service-kit';
import { ReconPrint, type ReconPrintDoc, type ReconPrintInstance } from '../../models/recon-print.js';
import { rangeOf, reconRows, vendorOf } from './read.js';

/** The double-click window: two prints of one vendor and range in the same 10-second slot are one print. */
export const PRINT_SLOT_MS = 10_000;

export const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export const printView = (p: ReconPrintDoc): ReconPrintView => ({
  id: String(p._id),
  date: p.date.toISOString(),
  user: p.user,
  vendorLN: p.vendorLN,
  from: p.from,
  to: p.to,
  count: p.count,
  totals: p.totals as ReconTotals,
  reportBy: reportByOf(p.date),
  settled: p.settled ?? 0,
});

/**
 * Prints a reconciliation: records the print with the counted orders of the range and publishes their stamp
 * (billing.recon.stamped.v1, RECON_STAMP_MAX ids per event) through the outbox. `created` false: a double-click.
 * Orders settled by an earlier reconciliation (its 48-hour discrepancy window over) are not stamped again.
 */
export async function printRecon(
  user: AuthUser,
  body: ReconPrintBody,
  now = new Date(),
): Promise<{ print: ReconPrintView; created: boolean }> {
  const { from, to } = rangeOf(body);
  const vendorLN = body.vendorLN.trim();
  const { orders, rows, totals } = await reconRows(vendorLN, from, to, now);
  await vendorOf(vendorLN, orders, null); // 404 for an unknown vendor, nothing written
  const vendorKey = licenceKey(vendorLN);
  const slot = Math.floor(now.getTime() / PRINT_SLOT_MS);
  const guard = `${vendorKey}|${from}|${to}|${slot}`;
  // a click just before a slot's end and its double just after: the previous slot's print within 10 s is the same
  const prev = await ReconPrint.findOne({
    guard: `${vendorKey}|${from}|${to}|${slot - 1}`,
  }).lean<ReconPrintDoc>();
  if (prev && now.getTime() - prev.date.getTime() < PRINT_SLOT_MS)
    return { print: printView(prev), created: false };
  // settled orders (reconciled more than 48 hours ago: no discrepancy reported in time) keep their first stamp
  const orderIds = rows.filter((r) => r.counted && !r.settled).map((r) => r.id);
  const settled = rows.filter((r) => r.counted && r.settled).length;
  const who = user.name || user.email;
  const doc = new ReconPrint({
    vendorLN,
    vendorKey,
    from,
    to,
    date: now,
    user: who,
    userId: user.sub,
    courierName: (body.courierName ?? '').trim().slice(0, 200),
    vendorName: (body.vendorName ?? '').trim().slice(0, 200),
    orderIds,
    count: orderIds.length,
    settled,
    totals,
    guard,
  }) as ReconPrintInstance;
  for (const ids of chunks(orderIds, RECON_STAMP_MAX)) {
    doc.addEvent(Subjects.reconStamped, {
      stampId: String(doc._id),
      vendorLN,
      from,
      to,
      orderIds: ids,
      date: now.toISOString(),
      user: who,
      userId: user.sub,
    });
  }
  try {
    await doc.save();
    return { print: printView(doc.toObject() as ReconPrintDoc), created: true };
  } catch (e) {
    if ((e as { code?: number }).code !== 11000) throw e;
    const same = await ReconPrint.findOne({ guard }).lean<ReconPrintDoc>();
    if (!same) throw e;
    return { print: printView(same), created: false };
  }
}
