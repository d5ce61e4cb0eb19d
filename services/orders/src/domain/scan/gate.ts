import {
  OrderStatus,
  ScanMessages as SM,
  isStaff,
  type OrderManifest,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';

/**
 * The compliance gate (issue 13): regulated goods leave the vendor only with a manifest whose licences match the
 * order, and are delivered only against the receiver's signature. Pure: what is missing, in the words the 409
 * shows. Staff (0, 1) may pass with a reason (recorded as the custody step 'gate-override').
 */
export type GateAction = 'check out' | 'mark delivered';

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
    super(409, `${SM.gateBlocked(action, missing)}${overridable ? ` ${SM.overrideHint}` : ''}`);
  }
}

export interface GateDecision {
  /** Nothing missing: go on. */
  pass: boolean;
  /** Something missing, overridden by staff with this reason: write 'gate-override' first. */
  override?: { reason: string; missing: string[] };
}

/**
 * The decision for one call: pass, pass by override, or throw (409 naming what is missing; 403 when a non-staff
 * caller sends an override).
 */
export function decideGate(
  action: GateAction,
  missing: string[],
  role: RoleNumber,
  override?: { reason: string },
): GateDecision {
  if (override && !isStaff(role)) throw new Problem(403, SM.overrideStaffOnly);
  if (!missing.length) return { pass: true };
  if (override) return { pass: true, override: { reason: override.reason.trim(), missing } };
  throw new GateBlocked(missing, isStaff(role), action);
}

/**
 * The gate on the generic update path (/orders/update): a check-out stamp set there, or a status moved to delivered
 * there, meets the same gate, without an override (that is the scan calls' own: /orders/checkout, /orders/delivered).
 */
export function assertUpdateGate(
  prev: { manifest?: OrderManifest | null; data: { order: UpdateGateOrder } },
  next: { order: UpdateGateOrder },
): void {
  if (next.order.checkedout && !prev.data.order.checkedout) {
    const missing = checkoutMissing({ manifest: prev.manifest });
    if (missing.length) throw new GateBlocked(missing, false, 'check out');
  }
  if (next.order.status === OrderStatus.delivered && prev.data.order.status !== OrderStatus.delivered) {
    const missing = deliveryMissing({ receiverSignature: next.order.signature?.customer });
    if (missing.length) throw new GateBlocked(missing, false, 'mark delivered');
  }
}

interface UpdateGateOrder {
  status: number;
  checkedout?: unknown;
  signature?: { customer?: { image?: string } };
}
