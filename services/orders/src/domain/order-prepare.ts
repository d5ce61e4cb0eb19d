import mongoose from 'mongoose';
import {
  Deleted,
  Role,
  OrderMessages as M,
  applyTypeRules,
  billingMethodText,
  canTransition,
  isStaff,
  needsDateApproved,
  needsRejectedDate,
  needsSignature,
  signatureAutoFill,
  transitionMessage,
  validateOrder,
  type LicenceCopy,
  type OrderCoreInput,
  type OrderData,
  type OrderDataInput,
  type OrderErrors,
  licenceKey,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { diff, type Change } from './ledger.js';
import type { Caller } from './order-access.js';
import { assertMayChange } from './order-fields.js';
import { custodyOnUpdate } from './order-custody.js';
import { licencesByNumbers, type LicenceRecordView } from '../readmodels/licences.js';
import { orderConfig, type OrderConfig } from './config.js';
import type { RouteDaysDeps } from './order-route-days.js';
import { pickupRouteFromLicence, routeFacts } from './order-route-facts.js';
import { pickupChangeRed } from './fixorders.js';

/**
 * The next state of an order from the stored one and a caller's input (orders §4–5): merge, the caller's own
 * changes checked against their role, then the server's part — licence copies, type rules, billing text, stamps,
 * signature auto-fill — and every rule of contracts' validateOrder (the same pure checks the form runs) with the
 * lookups only the server can make (licence list, routing's days). Throws 400 (field errors), 403 or 409.
 */
export class OrderInvalid extends Problem {
  constructor(public readonly errors: OrderErrors) {
    // every field's message beside the first one's words (the form marks each field)
    super(400, Object.values(errors)[0] ?? M.fixErrors, { errors });
  }
}

export const emptyData = (): OrderData => ({
  order: {
    orderDef: 'ext',
    orderType: '' as never,
    status: 0,
    pickupLN: '',
    destinationLN: '',
    preferredDelivery: '',
    weight: '1',
  },
  pickupCompany: {},
  destCompany: {},
  billing: {},
});

/** A new order's stored fields (the form's create and a bulk row alike): version 1, nothing deleted, no manifest. */
export function newOrderBase(
  id: mongoose.Types.ObjectId,
  orderId: string,
  by: { name: string; userId: string },
  data: OrderData,
  now: Date,
) {
  return {
    _id: id,
    orderId,
    createdAt: now,
    lastUpdated: now,
    createdBy: by.name,
    updatedBy: by.name,
    user: by.userId,
    deliveryDate: data.order.deliveryDate ?? '',
    deleted: Deleted.no,
    isPickup: data.order.orderType === 'cash_pickup',
    dateSubmitted: now.toISOString(),
    cancelReason: '',
    version: 1,
    data,
    manifest: {},
  };
}

/** data merged with an input: data.order field by field (driver and signature slot by slot), the rest by key. */
export function mergeData(prev: OrderData, input: OrderDataInput): OrderData {
  const o = input.order ?? {};
  const order: OrderCoreInput = { ...prev.order, ...o };
  if (o.driver) order.driver = { ...prev.order.driver, ...o.driver };
  if (o.signature) order.signature = { ...prev.order.signature, ...o.signature };
  return {
    ...prev,
    order: order as OrderData['order'],
    pickupCompany: { ...prev.pickupCompany, ...input.pickupCompany },
    destCompany: { ...prev.destCompany, ...input.destCompany },
    billing: { ...prev.billing, ...input.billing },
  };
}

const copyOf = (r: LicenceRecordView): LicenceCopy => ({
  Licensee: r.Licensee,
  DBA: r.DBA,
  'License #': r['License #'],
  'Street Address': r['Street Address'],
  City: r.City,
  Zip: r.Zip,
  emails: [...r.emails],
});

export interface Prepared {
  data: OrderData;
  /** Every change from the stored order to the next one (the ledger's). */
  changes: Change[];
  /** The config switches the checks read (the create's events reuse them: no second read). */
  config: OrderConfig;
}

export interface PrepareOpts {
  creating: boolean;
  now: Date;
  routing: Omit<RouteDaysDeps, 'authorization'>;
}

export async function prepareOrder(
  c: Caller,
  prev: OrderData,
  input: OrderDataInput,
  opts: PrepareOpts,
): Promise<Prepared> {
  const next = mergeData(prev, input);
  const o = next.order;
  assertMayChange(c, diff(prev, next, 'data'), opts.creating);
  if (!isStaff(c.role) && o.pickupLN && licenceKey(o.pickupLN) !== licenceKey(prev.order.pickupLN ?? '')) {
    if (c.role !== Role.Driver && !c.companyKeys.includes(licenceKey(o.pickupLN)))
      throw new Problem(403, M.notOwnLicence);
  }
  typeRules(prev.order, o, input.order ?? {}, opts.creating);
  // both licences in one read (one `$in` for those not in the short-lived copies)
  const [config, licences] = await Promise.all([
    orderConfig(),
    licencesByNumbers([o.pickupLN, o.destinationLN]),
  ]);
  const pickup = o.pickupLN ? (licences.get(licenceKey(o.pickupLN)) ?? null) : null;
  const dest = o.destinationLN ? (licences.get(licenceKey(o.destinationLN)) ?? null) : null;
  const keepInput = isStaff(c.role) || config.editAddress;
  if (pickup && licenceKey(o.pickupLN) !== licenceKey(prev.order.pickupLN ?? ''))
    next.pickupCompany = { ...copyOf(pickup), ...(keepInput ? input.pickupCompany : {}) };
  if (dest && licenceKey(o.destinationLN) !== licenceKey(prev.order.destinationLN ?? ''))
    next.destCompany = { ...copyOf(dest), ...(keepInput ? input.destCompany : {}) };
  pickupRouteFromLicence(
    o,
    pickup,
    opts.creating || licenceKey(o.pickupLN) !== licenceKey(prev.order.pickupLN ?? ''),
  );
  if (next.billing.methodSelect !== undefined)
    next.billing.method = billingMethodText(next.billing.methodSelect, next.billing.methodSelectId);
  stamps(c, prev.order, o, opts.now);
  if (!opts.creating) custodyOnUpdate(c, prev.order, o, opts.now); // stamps are the server's (order-custody.ts)

  const { allowedDeliveryDays } = await routeFacts(c, prev, next, opts.creating, opts.now, {
    ...opts.routing,
    authorization: c.authorization,
  });
  const errors = validateOrder(
    { order: o, pickupCompany: next.pickupCompany, destCompany: next.destCompany, billing: next.billing },
    {
      role: c.role,
      now: opts.now,
      config,
      destinationFound: o.destinationLN ? !!dest : undefined,
      pickupFound: o.pickupLN ? !!pickup : undefined,
      allowAllRoutes: !!o.showAllRoutes,
      sameDayPickup: c.sameDayPickup,
      ...(allowedDeliveryDays ? { allowedDeliveryDays } : {}),
      ...(opts.creating ? {} : { previous: prev.order }),
    },
  );
  if (Object.keys(errors).length) throw new OrderInvalid(errors);
  const from = opts.creating ? 0 : prev.order.status;
  if (!opts.creating && !canTransition(from, o.status, c.role))
    throw new Problem(409, transitionMessage(from, o.status));
  return { data: next, changes: diff(prev, next, 'data'), config };
}

/** The type rules when their field changed (contracts applyTypeRules); a type chosen with the definition wins. */
function typeRules(prev: OrderCoreInput, o: OrderCoreInput, input: OrderCoreInput, creating: boolean) {
  const defChanged = input.orderDef !== undefined && (creating || input.orderDef !== prev.orderDef);
  const typeChanged = input.orderType !== undefined && (creating || input.orderType !== prev.orderType);
  if (defChanged && !(typeChanged && input.orderType)) Object.assign(o, applyTypeRules(o, 'orderDef'));
  else if (typeChanged) Object.assign(o, applyTypeRules(o, 'orderType'));
  else if (input.preferredDelivery !== undefined) Object.assign(o, applyTypeRules(o, 'preferredDelivery'));
  if (creating && o.orderDef === 'int' && typeChanged) o.status = 1;
}

/** dateApproved, rejectedDate and the driver's signature auto-fill (orders §4). */
function stamps(c: Caller, prev: OrderCoreInput, o: OrderCoreInput, now: Date) {
  const status = o.status ?? 0;
  if (needsDateApproved(status, o.dateApproved)) o.dateApproved = now.toISOString();
  if (needsRejectedDate(status, o.rejectedDate)) o.rejectedDate = now.toISOString();
  // a pickup driver changed within 24 hours of the pickup: the schedule's red mark (as fixorders.ts stamps it)
  if (pickupChangeRed(prev.driver?.pickup ?? '', o.driver?.pickup ?? '', o.pickupDate, now))
    o.driver = { ...o.driver, pickupChange: now.toISOString() };
  if (status !== prev.status && needsSignature(c.role, status)) {
    if (!c.signature) throw new Problem(400, M.noSignature);
    const fill = signatureAutoFill(c.role, status, { ...c.signature, userId: c.userId }, now);
    o.signature = { ...o.signature, ...fill };
  }
}
