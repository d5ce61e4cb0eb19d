/**
 * Part scan: barcode check-in / check-out (orders §2 Barcode screen, §4, §6) and the driver's hand-over
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
  /** An advisory pass (config orders.custodyGate.advisory): the answer's warning, shown as a toast. */
  gateAdvisory: (missing: string[]) =>
    `Recorded in the order's ledger as missing: ${missing.join('; ')} (the custody gate is advisory).`,
  /** A delivery signed on paper (staff, without the scan screen). */
  paperStaffOnly: 'Only an admin may record a paper-signed delivery.',
  paperNeedsReason: 'A paper-signed delivery needs a reason of 3 to 500 characters.',
  paperWithSignature: 'A paper-signed delivery carries no drawn signature: send one or the other.',
  paperName: "Enter the receiver's printed name (1 to 120 characters).",
  paperRecorded: 'Delivery recorded (signed on paper).',
} as const;

/** A staff override of the gate: the reason is recorded in the order's ledger. */
export interface GateOverride {
  reason: string;
}
/** The receiver's signature as drawn on the driver's phone (a PNG data URL). */
export interface ReceiverSignature {
  name: string;
  image: string;
}
export interface CheckInBody {
  id: string;
  undo?: boolean;
  scanId?: string;
}
export interface CheckOutBody {
  id: string;
  /** The confirmed box/bundle count (sets the order's weight). */
  weight?: string;
  undo?: boolean;
  scanId?: string;
  override?: GateOverride;
}
export interface PickedUpBody {
  id: string;
  scanId?: string;
}
export interface DeliveredBody {
  id: string;
  signature?: ReceiverSignature;
  /** Signed on paper (staff only, with an override's reason): the receiver's printed name. */
  paper?: { name: string };
  scanId?: string;
  override?: GateOverride;
}

// The bodies as plain JSON Schema (no TypeBox runtime: this module is in the browser entry too).
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const scanId = { type: 'string', pattern: SCAN_ID_PATTERN } as const;
/** A staff override's body part (scan calls and the order create): the reason goes to the ledger. */
export const GateOverrideSchema = {
  type: 'object',
  properties: { reason: { type: 'string', minLength: 3, maxLength: 500 } },
  required: ['reason'],
  additionalProperties: false,
} as const;
const ReceiverSignatureSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    image: { type: 'string', pattern: '^data:image/png;base64,', maxLength: 400_000 },
  },
  required: ['name', 'image'],
  additionalProperties: false,
} as const;
const body = <P extends object>(properties: P) =>
  ({ type: 'object', properties, required: ['id'], additionalProperties: false }) as const;

export const CheckInBodySchema = body({ id, undo: { type: 'boolean' }, scanId });
export const CheckOutBodySchema = body({
  id,
  weight: { type: 'string', pattern: '^\\d{1,6}$' },
  undo: { type: 'boolean' },
  scanId,
  override: GateOverrideSchema,
});
export const PickedUpBodySchema = body({ id, scanId });
const PaperSchema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['name'],
  additionalProperties: false,
} as const;
export const DeliveredBodySchema = body({
  id,
  signature: ReceiverSignatureSchema,
  paper: PaperSchema,
  scanId,
  override: GateOverrideSchema,
});

/** The gate's 409: the message plus each missing item, and whether the caller may override. */
export interface GateProblem {
  detail: string;
  missing: string[];
  overridable: boolean;
}
