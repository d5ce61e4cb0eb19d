import { OrderMessages as M } from './order-messages.js';
import { Deleted, ORDER_STATUS_NAMES, OrderStatus as S, type OrderStatusNumber } from './orders.js';
import type { OrderSignature } from './order-types.js';
import { Role, isStaff, type RoleNumber } from './roles.js';

/**
 * The status machine (orders §4 leaves it "not shown"; decided in services/orders/README.md):
 *   received → approved → picked up → in transit → delivered | exception | full/partial rejection
 * Staff (0, 1) may set any status 0–7, backwards included (a correction, recorded in the ledger). Drivers move an
 * order forward along the road and between the outcomes (a re-sign puts an order back into In Transit, §4). Vendors
 * never set a status; they cancel. Cancelled (8) is reached only by the cancel call, and left only by staff.
 */
const DRIVER_MOVES: Record<OrderStatusNumber, OrderStatusNumber[]> = {
  [S.received]: [S.pickedUp],
  [S.approved]: [S.pickedUp, S.inTransit],
  [S.pickedUp]: [S.inTransit, S.delivered, S.exception, S.fullRejection, S.partialRejection],
  [S.inTransit]: [S.pickedUp, S.delivered, S.exception, S.fullRejection, S.partialRejection],
  [S.delivered]: [S.inTransit, S.exception, S.fullRejection, S.partialRejection],
  [S.exception]: [S.inTransit, S.delivered, S.fullRejection, S.partialRejection],
  [S.fullRejection]: [S.inTransit, S.delivered, S.exception, S.partialRejection],
  [S.partialRejection]: [S.inTransit, S.delivered, S.exception, S.fullRejection],
  [S.cancelled]: [],
};

const isStatus = (n: number): n is OrderStatusNumber => Number.isInteger(n) && n >= 0 && n <= 8;

/** May `role` move an order from `from` to `to` by an update? (Same status is always allowed: no move.) */
export function canTransition(from: number, to: number, role: RoleNumber): boolean {
  if (!isStatus(from) || !isStatus(to)) return false;
  if (from === to) return true;
  if (to === S.cancelled) return false;
  if (isStaff(role)) return true;
  if (role === Role.Driver) return DRIVER_MOVES[from].includes(to);
  return false;
}

/** The 409 message for a refused move. */
export function transitionMessage(from: number, to: number): string {
  const name = (n: number) => (isStatus(n) ? ORDER_STATUS_NAMES[n] : String(n));
  return M.illegalTransition(name(from), name(to));
}

/** The status choices of the form, in the road's order (drivers lose Received, §6; vendors see none). */
export function statusOptionsFor(role: RoleNumber): OrderStatusNumber[] {
  const road: OrderStatusNumber[] = [
    S.received,
    S.approved,
    S.pickedUp,
    S.inTransit,
    S.delivered,
    S.exception,
    S.fullRejection,
    S.partialRejection,
  ];
  if (isStaff(role)) return road;
  if (role === Role.Driver) return road.filter((s) => s !== S.received);
  return [];
}

/**
 * Cancel is offered while the status is below in transit (received or approved), for non-drivers, not in the
 * all-available mode, and not on a deleted or already cancelled order (orders §4).
 */
export function canCancel(
  order: { status: number; deleted?: number },
  role: RoleNumber,
  allAvailableMode = false,
): boolean {
  if (role === Role.Driver || allAvailableMode) return false;
  if ((order.deleted ?? Deleted.no) !== Deleted.no) return false;
  return order.status === S.received || order.status === S.approved;
}

/** A label prints only when the status is not received, delivered, a rejection or cancelled (orders §4). */
export function labelAllowed(status: number): boolean {
  return !([S.received, S.delivered, S.fullRejection, S.partialRejection, S.cancelled] as number[]).includes(
    status,
  );
}

/**
 * For drivers, choosing picked up fills the pickup signature; delivered, rejected or in transit the driver
 * signature (orders §4). Returns the signature slot to fill, or {} when none; `undefined` profile signature means
 * the caller must set one first (M.noSignature).
 */
export function signatureAutoFill(
  role: RoleNumber,
  status: number,
  profile: { name?: string; image?: string; userId?: string } | undefined,
  now: Date,
): { pickup?: OrderSignature; driver?: OrderSignature } {
  if (role !== Role.Driver || !profile?.image) return {};
  const sig: OrderSignature = {
    name: profile.name ?? '',
    image: profile.image,
    date: now.toISOString(),
    ...(profile.userId ? { userId: profile.userId } : {}),
  };
  if (status === S.pickedUp) return { pickup: sig };
  if (([S.delivered, S.fullRejection, S.partialRejection, S.inTransit] as number[]).includes(status))
    return { driver: sig };
  return {};
}

/** Does this status change need the signer's signature (drivers)? Then a missing one is M.noSignature. */
export function needsSignature(role: RoleNumber, status: number): boolean {
  return (
    role === Role.Driver &&
    ([S.pickedUp, S.delivered, S.fullRejection, S.partialRejection, S.inTransit] as number[]).includes(status)
  );
}

/** dateApproved is set on save when the status is 1 or higher and it is not yet set (orders §4); cancelled excluded. */
export function needsDateApproved(status: number, dateApproved: string | undefined): boolean {
  return status >= S.approved && status !== S.cancelled && !dateApproved;
}

/** Rejected orders get a rejectedDate when first saved as rejected (orders §4). */
export function needsRejectedDate(status: number, rejectedDate: string | undefined): boolean {
  return (status === S.fullRejection || status === S.partialRejection) && !rejectedDate;
}
