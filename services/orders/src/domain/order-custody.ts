import {
  ORDER_STATUS_NAMES,
  OrderMessages as M,
  OrderStatus,
  ScanMessages as SM,
  isStaff,
  type OrderCoreInput,
  type OrderHistoryEntry,
  type OrderStatusNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { nextEntry } from './ledger.js';
import type { Caller } from './order-access.js';

/**
 * The custody gate on the form's paths (create and update), beside the steps' own (domain/custody-gate.ts). The
 * custody fields — the check-in and check-out stamps and the signatures — are records of steps that happened; they
 * come from the custody steps, never from a caller's input at create. A new order starts as Order Received (Order
 * Approved for an internal one); a later status at create is a staff override with a reason, recorded in the ledger
 * as a 'gate-override' entry beside the 'created' one (who: the entry's `by`; why: its reason).
 */

/** data.order fields only the custody steps write. */
export const CUSTODY_FIELDS = ['checkedin', 'checkedout', 'signature'] as const;
/** The statuses an order may be created with (orders §4: Received; an internal definition sets Approved). */
export const INITIAL_STATUSES: readonly number[] = [OrderStatus.received, OrderStatus.approved];

const statusName = (n: number) => ORDER_STATUS_NAMES[n as OrderStatusNumber] ?? String(n);
const present = (v: unknown) => v !== undefined && v !== null;

export interface CreateOverride {
  reason: string;
  status: number;
  missing: string[];
}

/**
 * The create's gate on the caller's input (before any rule): 403 for an override from a non-staff caller, 400 naming
 * a custody field the input carries, 400 for a status past the initial ones without an override. Answers the
 * override to record, if one was used.
 */
export function createGate(
  c: Pick<Caller, 'role'>,
  input: OrderCoreInput,
  override?: { reason: string },
): CreateOverride | undefined {
  if (override && !isStaff(c.role)) throw new Problem(403, SM.overrideStaffOnly);
  const field = CUSTODY_FIELDS.find((f) => present(input[f]));
  if (field) throw new Problem(400, M.custodyFieldAtCreate(field));
  const status = input.status ?? OrderStatus.received;
  if (INITIAL_STATUSES.includes(status)) return undefined;
  if (!override) throw new Problem(400, M.createStatus(statusName(status)));
  const reason = override.reason.trim();
  if (!reason) throw new Problem(400, M.createStatus(statusName(status)));
  return { reason, status, missing: [`created as ${statusName(status)} without its custody steps`] };
}

/** The ledger after the 'created' entry when the create was an override: the entry that says who and why. */
export function withOverrideEntry(
  created: OrderHistoryEntry,
  c: Caller,
  o: CreateOverride | undefined,
  at: Date,
): OrderHistoryEntry[] {
  if (!o) return [created];
  const entry = nextEntry([created], {
    at,
    by: { userId: c.userId, name: c.name, role: c.role },
    source: 'form',
    action: 'gate-override',
    changes: [
      { path: 'gate', to: { step: 'created', status: o.status, missing: o.missing, reason: o.reason } },
    ],
  });
  return [created, entry];
}

type Stamp = { time: string; user: string } | null | undefined;

/**
 * An update's custody fields (after the caller's field rights, which leave the stamps to staff): a stamp is the
 * server's — set now by the caller, never a time or a person the input names; one already stored is kept as it is;
 * cleared only by staff. Picked up needs the pickup signature and stamps the check-in, as the Order Picked Up step
 * does. Mutates `o` (the next data.order).
 */
export function custodyOnUpdate(c: Caller, prev: OrderCoreInput, o: OrderCoreInput, now: Date): void {
  for (const f of ['checkedin', 'checkedout'] as const) {
    const before = prev[f] as Stamp;
    const after = o[f] as Stamp;
    if (!present(after)) {
      if (present(before) && !isStaff(c.role)) throw new Problem(403, M.custodyStampStaffOnly);
      continue;
    }
    if (present(before)) o[f] = before;
    else if (isStaff(c.role)) o[f] = { time: now.toISOString(), user: c.userId };
    else throw new Problem(403, M.custodyStampStaffOnly);
  }
  if (o.status === OrderStatus.pickedUp && prev.status !== OrderStatus.pickedUp) {
    if (!o.signature?.pickup?.image) throw new Problem(409, M.pickedUpNeedsSignature);
    o.checkedin = (prev.checkedin as Stamp) ?? o.checkedin ?? { time: now.toISOString(), user: c.userId };
  }
}
