import { Messages, OrderMessages, Role, isStaff } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import type { Change } from './ledger.js';
import type { Caller } from './order-access.js';

/**
 * Who may change which fields (orders §6): staff everything; vendors the order they place (not the status,
 * routes, drivers, approved dates, pickup type, billing notes, check-in — staff's, §6 — and, once placed, not the
 * destination licence: "edit destination licence" is staff's); drivers the reduced set of their form (status,
 * rejection, exception, billing, signatures, cash return). Checked against what the CALLER changed (before the
 * type rules and stamps the server adds), so a form may send unchanged values back. The check-in and check-out
 * stamps are not the vendor's on the form: they check out by the custody call (/orders/checkout), which meets the gate.
 */
const VENDOR_ORDER = [
  'orderDef',
  'orderType',
  'pickupLN',
  'destinationLN',
  'preferredDelivery',
  'preferredPickup',
  'weight',
  'notes',
  'cashReturn',
];
const VENDOR_BILLING = ['invoice', 'amount', 'methodSelect', 'methodSelectId', 'manifest'];
const DRIVER_ORDER = ['status', 'rejected', 'rejectedText', 'exception', 'cashReturn', 'signature'];

const LABELS: Record<string, string> = {
  status: 'the status',
  route: 'the route',
  pickupRoute: 'the pickup route',
  driver: 'the drivers',
  pickupDate: 'the approved pickup date',
  deliveryDate: 'the approved delivery date',
  dropoffDate: 'the dropoff date',
  dateApproved: 'the approval date',
  pickupType: 'the pickup type',
  billingNotes: 'the billing notes',
  destinationLN: 'the destination license',
  checkedin: 'the check-in',
  showAllRoutes: 'the all-available mode',
  showAllRoutesPickup: 'the all-available mode',
};

function allowed(path: string, role: number, creating: boolean): boolean {
  const [top, part, field] = path.split('.');
  if (top !== 'data') return false;
  if (role === Role.Driver && !creating) {
    if (part === 'order') return DRIVER_ORDER.includes(field ?? '');
    return part === 'billing';
  }
  if (part === 'order') {
    if (field === 'destinationLN' && !creating) return false;
    // the all-available mode for an unlisted NM- destination, asked when placing (validateOrder checks the licence)
    if (field === 'showAllRoutes') return creating;
    return VENDOR_ORDER.includes(field ?? '');
  }
  if (part === 'billing') return VENDOR_BILLING.includes(field ?? '');
  return part === 'pickupCompany' || part === 'destCompany';
}

/** 403 naming the first field the caller may not change. */
export function assertMayChange(c: Caller, changes: Change[], creating: boolean): void {
  if (isStaff(c.role)) return;
  const bad = changes.find((ch) => !allowed(ch.path, c.role, creating));
  if (!bad) return;
  if (c.role === Role.Driver) throw new Problem(403, OrderMessages.driverOnlyFields);
  const field = bad.path.split('.')[2] ?? bad.path;
  throw new Problem(403, LABELS[field] ? OrderMessages.staffOnlyField(LABELS[field]) : Messages.forbidden);
}
