import {
  statusNameFor,
  type CustodyReport,
  type OrderHistoryEntry,
  type OrderStatusNumber,
} from '@portal/contracts';
import type { OrderDoc } from '../../models/order.js';
import { verifyChain } from '../ledger.js';
import { factsOf, isCustodyEntry, titleOf } from './titles.js';

/**
 * The chain of custody of one order (the custody report), read from its ledger: every step the parts write
 * (CUSTODY_STEPS), creation, status moves (approved, picked up, delivered …), cancel/delete, and the updates that
 * touch a hand-over field; each with its seq and hash and `verified` from the recomputed chain (verifyChain): an
 * entry verifies when it and every entry before it recompute. The whole chain is checked, not only what is shown.
 */
export function custodyReport(
  o: Pick<OrderDoc, '_id' | 'orderId' | 'data' | 'history'>,
  role: number,
  now: Date = new Date(),
): CustodyReport {
  const history: OrderHistoryEntry[] = o.history ?? [];
  const check = verifyChain(history);
  const entries = history
    .filter((e) => isCustodyEntry(e.action, e.changes ?? []))
    .map((e) => ({
      seq: e.seq,
      at: e.at,
      action: e.action,
      title: titleOf(e.action, e.changes ?? []),
      by: { userId: e.by?.userId ?? '', name: e.by?.name ?? '', role: Number(e.by?.role ?? -1) },
      facts: factsOf(e.action, e.changes ?? []),
      prevHash: e.prevHash,
      hash: e.hash,
      verified: check.ok || (check.brokenAt !== undefined && e.seq < check.brokenAt),
    }));
  const status = o.data.order.status as OrderStatusNumber;
  return {
    id: String(o._id),
    orderId: o.orderId,
    // non-admins see an Exception as Order Approved (orders §4)
    status: statusNameFor(status, role) ?? String(status),
    verified: check.ok,
    ledgerEntries: check.entries,
    ...(check.brokenAt !== undefined ? { brokenAt: check.brokenAt } : {}),
    generatedAt: now.toISOString(),
    entries,
  };
}
