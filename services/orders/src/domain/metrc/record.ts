import type { MetrcOrderResult, OrderHistoryEntry } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { writeCustodyStep } from '../custody-write.js';
import { findOrder, type Caller } from '../order-access.js';
import type { SyncCaller } from './store.js';

/** The facts of a 'metrc-synced' ledger entry (paths under `metrc.`; the order itself gets no new field). */
export function syncedChanges(r: MetrcOrderResult, syncId: string) {
  return [
    { path: 'metrc.result', to: r.result },
    { path: 'metrc.manifestNo', to: r.manifestNo },
    { path: 'metrc.transferId', to: r.metrc?.transferId ?? 0 },
    { path: 'metrc.state', to: r.metrc?.state ?? '' },
    { path: 'metrc.packages', to: r.metrc?.packages ?? 0 },
    { path: 'metrc.syncId', to: syncId },
  ];
}

const factOf = (e: OrderHistoryEntry, path: string) => e.changes.find((c) => c.path === path)?.to;

/**
 * Is the order's proof already there? Its last ledger entry is a 'metrc-synced' of this sync (a retried job) or of
 * the same manifest number with nothing changed since (a repeated sync adds no entry until the order changes).
 */
export function alreadyRecorded(
  history: readonly OrderHistoryEntry[],
  r: MetrcOrderResult,
  syncId: string,
): boolean {
  const last = history[history.length - 1];
  if (!last || last.action !== 'metrc-synced') return false;
  return factOf(last, 'metrc.syncId') === syncId || factOf(last, 'metrc.manifestNo') === r.manifestNo;
}

/**
 * The custody step 'metrc-synced' for a synced order, as the requesting admin through the job (source 'job'): one
 * conditional write (custody-write.ts); a lost race (409: the order changed meanwhile) reads it again, up to three
 * times. True when this call wrote the entry.
 */
export async function recordSynced(
  who: SyncCaller,
  id: string,
  r: MetrcOrderResult,
  syncId: string,
): Promise<boolean> {
  const c: Caller = {
    userId: who.userId,
    name: who.name,
    role: who.role,
    companyKeys: [],
    suspended: false,
    driverIds: [],
    sameDayPickup: false,
  };
  for (let attempt = 0; ; attempt++) {
    const o = await findOrder(id, { history: true });
    if (!o || alreadyRecorded(o.history ?? [], r, syncId)) return false;
    try {
      await writeCustodyStep(c, o, {
        step: 'metrc-synced',
        set: {},
        changes: syncedChanges(r, syncId),
        source: 'job',
        detail: {
          result: r.result,
          manifestNo: r.manifestNo,
          transferId: r.metrc?.transferId ?? 0,
          state: r.metrc?.state ?? '',
          packages: r.metrc?.packages ?? 0,
        },
      });
      return true;
    } catch (err) {
      if (!(err instanceof Problem && err.status === 409) || attempt >= 2) throw err;
    }
  }
}
