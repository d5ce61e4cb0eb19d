import { createHash } from 'node:crypto';
import {
  Role,
  Deleted,
  isStaff,
  OrderMessages as M,
  OrderStatus,
  ScanMessages as SM,
  canTransition,
  needsDateApproved,
  signatureAutoFill,
  transitionMessage,
  type CustodyStep,
  type OrderData,
  type ReceiverSignature,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { diff, type Change } from '../ledger.js';
import type { Caller } from '../order-access.js';
import type { OrderDoc } from '../../models/order.js';
import { checkoutMissing, deliveryMissing, type GateAction } from '../custody-gate.js';

/**
 * The scan steps as pure plans (orders §4 "Check-in toggles checkedin. Check-out toggles checkedout and first asks
 * [the box count], which sets the weight"; Order Picked Up; Delivered with the receiver's signature):
 * from the stored order, the caller and the clock to the write (step, next data, ledger changes, event facts) or to
 * "nothing to do" with the words to show. Rules refused here throw (400, 409); the gate is decided by the runner.
 */
export type Plan =
  | {
      kind: 'write';
      step: CustodyStep;
      data: OrderData;
      changes: Change[];
      detail: Record<string, string | number | boolean>;
      message: string;
      statusMoved: boolean;
      gate?: { action: GateAction; missing: string[] };
    }
  | { kind: 'same'; message: string };

type Stamp = { time: string; user: string };
const stampOf = (c: Caller, now: Date): Stamp => ({ time: now.toISOString(), user: c.userId });
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Deleted and cancelled orders take no step (the same 409 as any write). */
export function assertLive(o: Pick<OrderDoc, 'deleted'>): void {
  if (o.deleted === Deleted.deleted) throw new Problem(409, M.orderDeleted);
  if (o.deleted === Deleted.canceled) throw new Problem(409, M.orderCancelled);
}

function write(
  o: OrderDoc,
  order: Partial<OrderData['order']>,
  p: Omit<Extract<Plan, { kind: 'write' }>, 'kind' | 'data' | 'changes' | 'statusMoved'>,
  extra: Change[] = [],
): Plan {
  const data: OrderData = { ...o.data, order: { ...o.data.order, ...order } };
  const changes = [...diff(o.data, data, 'data'), ...extra];
  return { kind: 'write', data, changes, statusMoved: data.order.status !== o.data.order.status, ...p };
}

export function planCheckIn(o: OrderDoc, c: Caller, undo: boolean, now: Date): Plan {
  assertLive(o);
  const on = !!o.data.order.checkedin;
  if (!undo && on) return { kind: 'same', message: SM.alreadyCheckedIn };
  if (undo && !on) return { kind: 'same', message: SM.notCheckedIn };
  return undo
    ? write(o, { checkedin: null }, { step: 'check-in-removed', detail: {}, message: SM.checkInRemoved })
    : write(o, { checkedin: stampOf(c, now) }, { step: 'checked-in', detail: {}, message: SM.checkedIn });
}

/** The confirmed box count: digits, at least 1 (the order's weight, default '1'). */
export function boxCount(weight: string | undefined, stored: string | undefined): string {
  const w = (weight ?? stored ?? '1').trim() || '1';
  if (!/^\d{1,6}$/.test(w) || parseInt(w, 10) < 1) throw new Problem(400, SM.badWeight);
  return String(parseInt(w, 10));
}

export function planCheckOut(
  o: OrderDoc,
  c: Caller,
  a: { weight?: string; undo?: boolean },
  now: Date,
): Plan {
  assertLive(o);
  const on = !!o.data.order.checkedout;
  if (a.undo) {
    if (!on) return { kind: 'same', message: SM.notCheckedOut };
    return write(
      o,
      { checkedout: null },
      { step: 'check-out-removed', detail: {}, message: SM.checkOutRemoved },
    );
  }
  if (on) return { kind: 'same', message: SM.alreadyCheckedOut };
  const weight = boxCount(a.weight, o.data.order.weight);
  return write(
    o,
    { checkedout: stampOf(c, now), weight },
    {
      step: 'checked-out',
      detail: { boxes: Number(weight) },
      message: SM.checkedOut,
      gate: { action: 'check out', missing: checkoutMissing({ manifest: o.manifest }) },
    },
  );
}

function assertMove(from: number, to: number, c: Caller): void {
  if (!canTransition(from, to, c.role)) throw new Problem(409, transitionMessage(from, to));
}

/** The caller's profile signature, required to sign a hand-over (orders §4: the pickup / driver signature). */
function profileSignature(c: Caller, now: Date) {
  if (!c.signature?.image) throw new Problem(400, `${M.noSignature} ${M.setupSignature}`);
  return { name: c.signature.name, image: c.signature.image, date: now.toISOString(), userId: c.userId };
}

/** Order Picked Up (orders §4): the checked-in stamp, status picked up, the caller's signature as the pickup one. */
export function planPickedUp(o: OrderDoc, c: Caller, now: Date): Plan {
  assertLive(o);
  const cur = o.data.order;
  if (cur.status === OrderStatus.pickedUp) return { kind: 'same', message: SM.alreadyPickedUp };
  assertMove(cur.status, OrderStatus.pickedUp, c);
  const pickup = profileSignature(c, now);
  return write(
    o,
    {
      status: OrderStatus.pickedUp,
      checkedin: cur.checkedin ?? stampOf(c, now),
      signature: { ...cur.signature, pickup },
      ...(needsDateApproved(OrderStatus.pickedUp, cur.dateApproved)
        ? { dateApproved: now.toISOString() }
        : {}),
    },
    { step: 'picked-up', detail: { signatureSha256: sha256(pickup.image) }, message: SM.pickedUp },
  );
}

/**
 * A delivery signed on paper, checked before anything is read: staff only (403), with an override's reason (the
 * ledger's why) and without a drawn signature (400). Answers the receiver's printed name.
 */
export function paperDelivery(
  c: Pick<Caller, 'role'>,
  b: { paper?: { name: string }; signature?: unknown; override?: { reason: string } },
): string | undefined {
  if (!b.paper) return undefined;
  if (!isStaff(c.role)) throw new Problem(403, SM.paperStaffOnly);
  if (b.signature) throw new Problem(400, SM.paperWithSignature);
  const name = b.paper.name.trim();
  if (!name) throw new Problem(400, SM.paperName);
  if ((b.override?.reason.trim().length ?? 0) < 3) throw new Problem(400, SM.paperNeedsReason);
  return name;
}

/**
 * Delivered: the receiver's signature (this call's, else one stored), the driver's own signature auto-filled
 * (orders §4), status delivered. The gate counts a signature on paper (`paper`: the receiver's printed name, staff
 * with a reason: paperDelivery) as missing, so it is recorded as an override; the entry's evidence says "paper".
 */
export function planDelivered(
  o: OrderDoc,
  c: Caller,
  sig: ReceiverSignature | undefined,
  now: Date,
  paper?: string,
): Plan {
  assertLive(o);
  const cur = o.data.order;
  if (cur.status === OrderStatus.delivered) return { kind: 'same', message: SM.alreadyDelivered };
  assertMove(cur.status, OrderStatus.delivered, c);
  const customer = paper
    ? { name: paper, date: now.toISOString() }
    : sig
      ? { name: sig.name, image: sig.image, date: now.toISOString() }
      : cur.signature?.customer;
  const driver =
    c.role === Role.Driver
      ? signatureAutoFill(c.role, OrderStatus.delivered, profileSignature(c, now), now)
      : {};
  const hash = customer?.image ? sha256(customer.image) : undefined;
  return write(
    o,
    {
      status: OrderStatus.delivered,
      signature: { ...cur.signature, ...driver, ...(customer ? { customer } : {}) },
    },
    {
      step: 'delivered',
      detail: hash ? { receiverSignatureSha256: hash } : paper ? { receiverSignature: 'paper' } : {},
      message: paper ? SM.paperRecorded : SM.delivered,
      gate: { action: 'mark delivered', missing: deliveryMissing({ receiverSignature: customer }) },
    },
    hash
      ? [{ path: 'evidence.receiverSignatureSha256', to: hash }]
      : paper
        ? [{ path: 'evidence.receiverSignature', to: { onPaper: true, name: paper } }]
        : [],
  );
}
