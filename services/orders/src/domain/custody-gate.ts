import {
  OrderStatus,
  ScanMessages as SM,
  isStaff,
  type OrderHistoryEntry,
  type OrderManifest,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import type { Change } from './ledger.js';

/**
 * The custody gate, pure: regulated goods leave the vendor only with a manifest whose licences match the order, and
 * are delivered only against the receiver's signature. It answers what is missing, in the words the 409 shows, and
 * what the site's policy makes of it (config orders.custodyGate.advisory):
 * - strict (the default): a step with something missing is refused (409); staff (0, 1) may pass with a reason,
 *   recorded as the ledger entry 'gate-override' (who and why);
 * - advisory: the step goes through for whoever may take it, and its own ledger entry records what was missing
 *   (a change `gate: {policy: 'advisory', missing}`), so the entry says who took the step without what.
 * Every path that takes a gated step applies it: the scan calls (domain/scan/) and the generic update (order-write).
 */
export type GateAction = 'check out' | 'mark delivered';
export type GatePolicy = 'strict' | 'advisory';

/** The policy from the config switch (orders' read of orders.custodyGate.advisory, domain/config.ts). */
export const gatePolicyOf = (cfg: { custodyGateAdvisory: boolean }): GatePolicy =>
  cfg.custodyGateAdvisory ? 'advisory' : 'strict';

export interface GateInput {
  manifest?: OrderManifest | null;
  /** The receiver's signature: stored on the order or arriving with this call. */
  receiverSignature?: { image?: string } | null;
}

/** What check-out for delivery lacks: a manifest, and one whose licences match the order. */
export function checkoutMissing(o: GateInput): string[] {
  const cur = o.manifest?.current;
  if (!cur) return [SM.missingManifest];
  return cur.licencesMatch === true ? [] : [SM.manifestMismatch];
}

/** What delivered lacks: the receiver's signature (an image). */
export function deliveryMissing(o: GateInput): string[] {
  return o.receiverSignature?.image ? [] : [SM.missingReceiverSignature];
}

/** The gate's 409: its message names every missing item; `overridable` tells the screen to offer the override. */
export class GateBlocked extends Problem {
  constructor(
    public readonly missing: string[],
    public readonly overridable: boolean,
    action: GateAction,
  ) {
    super(409, `${SM.gateBlocked(action, missing)}${overridable ? ` ${SM.overrideHint}` : ''}`, {
      missing,
      overridable,
    });
  }
}

export interface GateDecision {
  /** Nothing missing: go on. */
  pass: boolean;
  /** Something missing, overridden by staff with this reason: write 'gate-override' first. */
  override?: { reason: string; missing: string[] };
  /** Something missing, let through by the advisory policy: the step's entry records it. */
  advisory?: { missing: string[] };
}

/**
 * The decision for one call: pass, pass by override, pass as advisory, or throw (409 naming what is missing; 403
 * when a non-staff caller sends an override, in either policy). An override with a reason is recorded as one in
 * both policies: staff who give a reason have it written down.
 */
export function decideGate(
  action: GateAction,
  missing: string[],
  role: RoleNumber,
  override: { reason: string } | undefined,
  policy: GatePolicy,
): GateDecision {
  if (override && !isStaff(role)) throw new Problem(403, SM.overrideStaffOnly);
  if (!missing.length) return { pass: true };
  if (override) return { pass: true, override: { reason: override.reason.trim(), missing } };
  if (policy === 'advisory') return { pass: true, advisory: { missing } };
  throw new GateBlocked(missing, isStaff(role), action);
}

/** The change an advisory pass adds to the step's own ledger entry. */
export const advisoryChange = (missing: string[]): Change => ({
  path: 'gate',
  to: { policy: 'advisory', missing },
});

/** The warning an answer carries when the entry just written passed the gate as advisory (the UI's toast). */
export function advisoryWarning(entry: Pick<OrderHistoryEntry, 'changes'> | undefined): string | undefined {
  const gate = entry?.changes.find((c) => c.path === 'gate')?.to as
    { policy?: string; missing?: string[] } | undefined;
  return gate?.policy === 'advisory' && gate.missing?.length ? SM.gateAdvisory(gate.missing) : undefined;
}

/** The advisory warning of the write that made `o` from version `sent` (none when nothing was written). */
export const writtenWarning = (
  o: { version: number; history?: Pick<OrderHistoryEntry, 'changes'>[] },
  sent: number,
): string | undefined => (o.version === sent + 1 ? advisoryWarning(o.history?.at(-1)) : undefined);

/**
 * The gate on the generic update path (/orders/update): a check-out stamp set there, or a status moved to delivered
 * there, meets the same gate, without an override (that is the scan calls' own: /orders/checkout,
 * /orders/delivered). Strict: 409. Advisory: the changes to add to the update's ledger entry (none when nothing is
 * missing).
 */
export function updateGate(
  prev: { manifest?: OrderManifest | null; data: { order: UpdateGateOrder } },
  next: { order: UpdateGateOrder },
  policy: GatePolicy,
): Change[] {
  const missing: string[] = [];
  if (next.order.checkedout && !prev.data.order.checkedout) {
    const m = checkoutMissing({ manifest: prev.manifest });
    if (m.length && policy === 'strict') throw new GateBlocked(m, false, 'check out');
    missing.push(...m);
  }
  if (next.order.status === OrderStatus.delivered && prev.data.order.status !== OrderStatus.delivered) {
    const m = deliveryMissing({ receiverSignature: next.order.signature?.customer });
    if (m.length && policy === 'strict') throw new GateBlocked(m, false, 'mark delivered');
    missing.push(...m);
  }
  return missing.length ? [advisoryChange(missing)] : [];
}

interface UpdateGateOrder {
  status: number;
  checkedout?: unknown;
  signature?: { customer?: { image?: string } };
}
