import { ScanMessages as SM, type CustodyStep, type OrderHistoryEntry } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { assertActive, writableOrder, type Caller } from '../order-access.js';
import { writeCustodyStep } from '../custody-write.js';
import { orderConfig } from '../config.js';
import { updatedEvents } from '../order-events/publishes.js';
import type { OrderDoc } from '../../models/order.js';
import {
  advisoryChange,
  advisoryWarning,
  decideGate,
  gatePolicyOf,
  GateBlocked,
  type GateDecision,
} from '../custody-gate.js';
import type { Plan } from './steps.js';

/**
 * One scan call: tenancy (404 "Order not found" / 403), the replay check, the plan, the gate, then the custody
 * write(s). Idempotency: the scan's `scanId` is a change of the step's ledger entry, written in the SAME conditional
 * write as the step, so "this scan happened" and "the step happened" are one fact; a replay finds it in the ledger
 * and answers the first result without writing. A lost race (409 version) is retried once on a fresh read, where a
 * concurrent replay of the same scan is then found.
 */
export interface ScanCall {
  id: string;
  scanId?: string;
  override?: { reason: string };
}

export interface ScanResult {
  order: OrderDoc;
  message: string;
  /** A replay of a scan already applied: nothing written. */
  replayed?: boolean;
  /** Nothing to do (already in that state): nothing written. */
  unchanged?: boolean;
  /** The step passed the advisory gate with items missing (the UI shows it as a toast). */
  warning?: string;
}

const STEP_MESSAGES: Partial<Record<CustodyStep, string>> = {
  'checked-in': SM.checkedIn,
  'check-in-removed': SM.checkInRemoved,
  'checked-out': SM.checkedOut,
  'check-out-removed': SM.checkOutRemoved,
  'picked-up': SM.pickedUp,
  delivered: SM.delivered,
};

export const SCAN_ID_PATH = 'scanId';

/** The ledger entry that carried this scan, if any. */
export function replayOf(
  history: readonly OrderHistoryEntry[],
  scanId: string,
): OrderHistoryEntry | undefined {
  return history.find((e) => e.changes.some((ch) => ch.path === SCAN_ID_PATH && ch.to === scanId));
}

export async function runScanStep(
  c: Caller,
  call: ScanCall,
  plan: (o: OrderDoc, now: Date) => Plan,
  deps: { appUrl: string },
): Promise<ScanResult> {
  assertActive(c);
  for (let attempt = 0; ; attempt++) {
    const o = await writableOrder(c, call.id);
    const hit = call.scanId ? replayOf(o.history ?? [], call.scanId) : undefined;
    if (hit) {
      const warning = advisoryWarning(hit);
      const message = STEP_MESSAGES[hit.action as CustodyStep] ?? '';
      return { order: o, message, replayed: true, ...(warning ? { warning } : {}) };
    }
    const now = new Date();
    const p = plan(o, now);
    if (p.kind === 'same') return { order: o, message: p.message, unchanged: true };
    // the site's policy (config orders.custodyGate.advisory) decides what a missing item does
    const policy = p.gate ? gatePolicyOf(await orderConfig()) : 'strict';
    const gate = p.gate
      ? decideGate(p.gate.action, p.gate.missing, c.role, call.override, policy)
      : { pass: true };
    const advisory = gate.advisory?.missing;
    try {
      const order = await writeSteps(c, o, p, gate, call.scanId, deps, now);
      return { order, message: p.message, ...(advisory ? { warning: SM.gateAdvisory(advisory) } : {}) };
    } catch (err) {
      const raced = err instanceof Problem && err.status === 409 && !(err instanceof GateBlocked);
      if (!raced || attempt > 0) throw err;
    }
  }
}

async function writeSteps(
  c: Caller,
  o: OrderDoc,
  p: Extract<Plan, { kind: 'write' }>,
  gate: GateDecision,
  scanId: string | undefined,
  deps: { appUrl: string },
  now: Date,
): Promise<OrderDoc> {
  let prev = o;
  const { override, advisory } = gate;
  if (override)
    prev = await writeCustodyStep(
      c,
      prev,
      {
        step: 'gate-override',
        set: {},
        changes: [{ path: 'gate', to: { step: p.step, missing: override.missing, reason: override.reason } }],
        detail: { forStep: p.step, missing: override.missing.join('; '), reason: override.reason },
      },
      now,
    );
  const config = p.statusMoved ? await orderConfig() : undefined;
  const ctx = { appUrl: deps.appUrl, changedBy: { userId: c.userId, name: c.name } };
  return writeCustodyStep(
    c,
    prev,
    {
      step: p.step,
      set: { data: p.data },
      changes: [
        ...p.changes,
        ...(advisory ? [advisoryChange(advisory.missing)] : []),
        ...(scanId ? [{ path: SCAN_ID_PATH, to: scanId }] : []),
      ],
      detail: { ...p.detail, ...(advisory ? { gateAdvisory: advisory.missing.join('; ') } : {}) },
      ...(config ? { events: (next: OrderDoc) => updatedEvents(prev, next, ctx, config) } : {}),
    },
    now,
  );
}
