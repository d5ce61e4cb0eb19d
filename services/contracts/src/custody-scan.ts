import { Type, type Static } from 'typebox';

/**
 * Issue 13, part scan: barcode check-in / check-out (orders §2 Barcode screen, §4, §6) and the driver's hand-over
 * steps (Order Picked Up, Delivered with the receiver's signature), each a custody step, each idempotent by the
 * browser's `scanId` (a replayed offline scan answers the first result and writes nothing twice), behind the
 * compliance gate (a matching manifest before check-out, the receiver's signature before delivered; staff may
 * override with a reason, recorded as the custody step 'gate-override').
 */

/** Barcode input debounce (orders §9). */
export const SCAN_DEBOUNCE_MS = 750;

/** A scan's idempotency key, made by the browser (crypto.randomUUID or similar). */
export const SCAN_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

export const ScanMessages = {
  checkedIn: 'Order checked in successfully!',
  checkedOut: 'Order checked out successfully!',
  checkInRemoved: 'Check in removed.',
  checkOutRemoved: 'Check out removed.',
  alreadyCheckedIn: 'This order is already checked in.',
  alreadyCheckedOut: 'This order is already checked out.',
  notCheckedIn: 'This order is not checked in.',
  notCheckedOut: 'This order is not checked out.',
  pickedUp: 'Order picked up successfully!',
  alreadyPickedUp: 'This order is already picked up.',
  delivered: 'Order delivered successfully!',
  alreadyDelivered: 'This order is already delivered.',
  badWeight: 'The box/bundle count must be a whole number of at least 1.',
  overrideStaffOnly: 'Only an admin may override the compliance gate.',
  /** The gate's items: the block names each one that is missing. */
  missingManifest: 'no manifest has been uploaded for this order',
  manifestMismatch: "the manifest's licences do not match the order's licences",
  missingReceiverSignature: "the receiver's signature is missing",
  /** "Cannot check out this order: no manifest has been uploaded for this order." */
  gateBlocked: (action: string, missing: string[]) => `Cannot ${action} this order: ${missing.join('; ')}.`,
  overrideHint: 'An admin may override with a reason.',
} as const;

/** A staff override of the gate: the reason is recorded in the order's ledger. */
export const GateOverride = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500 }) },
  { additionalProperties: false },
);

const id = Type.String({ minLength: 1, maxLength: 64 });
const scanId = Type.Optional(Type.String({ pattern: SCAN_ID_PATTERN }));

export const CheckInBody = Type.Object(
  { id, undo: Type.Optional(Type.Boolean()), scanId },
  { additionalProperties: false },
);
export type CheckInBody = Static<typeof CheckInBody>;

export const CheckOutBody = Type.Object(
  {
    id,
    /** The confirmed box/bundle count (sets the order's weight). */
    weight: Type.Optional(Type.String({ pattern: '^\\d{1,6}$' })),
    undo: Type.Optional(Type.Boolean()),
    scanId,
    override: Type.Optional(GateOverride),
  },
  { additionalProperties: false },
);
export type CheckOutBody = Static<typeof CheckOutBody>;

export const PickedUpBody = Type.Object({ id, scanId }, { additionalProperties: false });
export type PickedUpBody = Static<typeof PickedUpBody>;

/** The receiver's signature as drawn on the driver's phone (a PNG data URL). */
export const ReceiverSignature = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    image: Type.String({ pattern: '^data:image/png;base64,', maxLength: 400_000 }),
  },
  { additionalProperties: false },
);
export type ReceiverSignature = Static<typeof ReceiverSignature>;

export const DeliveredBody = Type.Object(
  { id, signature: Type.Optional(ReceiverSignature), scanId, override: Type.Optional(GateOverride) },
  { additionalProperties: false },
);
export type DeliveredBody = Static<typeof DeliveredBody>;

/** The gate's 409: the message plus each missing item, and whether the caller may override. */
export interface GateProblem {
  detail: string;
  missing: string[];
  overridable: boolean;
}
