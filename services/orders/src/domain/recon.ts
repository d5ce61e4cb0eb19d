import {
  Role,
  Subjects,
  type OrderHistoryEntry,
  type OrderSource,
  type ReconStampedData,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { commit } from './order-write.js';
import { findOrder, type Caller } from './order-access.js';
import { memberOf } from '../readmodels/members.js';
import { noticeOf } from './order-events/publishes.js';

/**
 * A printed reconciliation (billing.recon.stamped.v1, orders spec §3 "Printing stamps data.recon (date, user) on
 * reconciled orders"): each named order this service holds gets `data.recon = {date, user}` and a `reconciled`
 * ledger entry by the stamp's user, source 'billing reconciliation', in ONE conditional write (order-write.ts
 * commit) with its `orders.order.updated.v1` event (new facts: billing's projection sees the recon). Idempotent per
 * (stampId, order): the entry names the stamp (change path `stampId`), so a redelivered event appends nothing.
 */
export const RECON_SOURCE = 'billing reconciliation' as OrderSource;
export const RECON_ACTION = 'reconciled';

export const stampedBy = (history: readonly OrderHistoryEntry[], stampId: string) =>
  history.some(
    (e) => e.action === RECON_ACTION && e.changes.some((c) => c.path === 'stampId' && c.to === stampId),
  );

/** The stamp's user as a caller: their role from the members read model (reconciliation is staff-only: Admin else). */
async function callerOf(s: ReconStampedData): Promise<Caller> {
  const m = await memberOf(s.userId);
  return {
    userId: s.userId,
    name: s.user,
    role: (m?.role ?? Role.Admin) as RoleNumber,
    companyKeys: [],
    suspended: false,
    driverIds: [],
    sameDayPickup: false,
  };
}

/** Stamps one order; true when this call wrote it (false: unknown here, or already stamped by this stampId). */
export async function stampOrder(
  c: Caller,
  s: ReconStampedData,
  id: string,
  appUrl: string,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const prev = await findOrder(id, { history: true });
    if (!prev || stampedBy(prev.history ?? [], s.stampId)) return false;
    const recon = { date: s.date, user: s.user };
    try {
      await commit(
        c,
        prev,
        {
          set: { data: { ...prev.data, recon } },
          action: RECON_ACTION,
          changes: [
            { path: 'data.recon', ...(prev.data.recon ? { from: prev.data.recon } : {}), to: recon },
            { path: 'stampId', to: s.stampId },
          ],
          source: RECON_SOURCE,
          events: async (next) => [
            {
              subject: Subjects.orderUpdated,
              data: noticeOf(next, { appUrl, changedBy: { userId: c.userId, name: c.name } }, []),
            },
          ],
        },
        new Date(),
      );
      return true;
    } catch (err) {
      if (!(err instanceof Problem && err.status === 409) || attempt >= 2) throw err;
    }
  }
}

/** Every named order of the stamp; the count written. */
export async function applyReconStamp(s: ReconStampedData, appUrl: string): Promise<number> {
  const c = await callerOf(s);
  let n = 0;
  for (const id of s.orderIds) if (await stampOrder(c, s, id, appUrl)) n++;
  return n;
}
