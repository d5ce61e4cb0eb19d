import type {
  LicenceCopy,
  OrderBilling,
  OrderCoreInput,
  OrderDataInput,
  OrderStatusNumber,
} from '@portal/contracts';
import { noonOf, type Draft } from './draft.js';

// What the form sends: a draft as data.order / billing / the licence copies (orders §3), and the diff for updates.

const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** data.order of a draft (a full set for create; update sends only what changed, see `changedData`). */
export function coreOf(d: Draft): OrderCoreInput {
  return {
    orderDef: d.orderDef || undefined,
    orderType: d.orderType || undefined,
    status: Number(d.status) as OrderStatusNumber,
    pickupLN: d.pickupLN.trim(),
    destinationLN: d.destinationLN.trim(),
    preferredPickup: noonOf(d.preferredPickup),
    preferredDelivery: noonOf(d.preferredDelivery),
    pickupDate: noonOf(d.pickupDate),
    deliveryDate: noonOf(d.deliveryDate),
    pickupType: d.pickupType || undefined,
    pickupRoute: opt(d.pickupRoute),
    route: opt(d.route),
    driver:
      d.driverPickup || d.driverDelivery ? { pickup: d.driverPickup, delivery: d.driverDelivery } : undefined,
    weight: d.weight.trim() || '1',
    notes: d.notes,
    billingNotes: d.billingNotes,
    rejected: d.rejected ? Number(d.rejected) : undefined,
    rejectedText: d.rejectedText,
    exception: d.exception,
    cashReturn: d.cashReturn,
    showAllRoutes: d.showAllRoutes,
  };
}

export function billingOf(d: Draft, methodText: string): OrderBilling {
  return {
    invoice: d.invoice.trim(),
    amount: d.amount.trim(),
    methodSelect: d.methodSelect,
    methodSelectId: d.methodSelectId.trim(),
    method: methodText,
    manifest: d.manifest.trim(),
  };
}

export function companiesOf(d: Draft): { pickupCompany: LicenceCopy; destCompany: LicenceCopy } {
  return {
    pickupCompany: {
      'License #': d.pickupLN.trim(),
      'Street Address': d.pickupAddress.trim(),
      City: d.pickupCity.trim(),
      Zip: d.pickupZip.trim(),
    },
    destCompany: {
      'License #': d.destinationLN.trim(),
      Licensee: d.destName.trim(),
      'Street Address': d.destAddress.trim(),
      City: d.destCity.trim(),
      Zip: d.destZip.trim(),
    },
  };
}

/** Unset and empty values left out: a new order carries only what was filled in. */
const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * What the service derives itself and lets only staff set (orders §4 type rules, §5 method text): a vendor's form
 * shows them live but never sends them, so a vendor's save is not refused for a field they did not touch.
 */
const DERIVED_CORE = ['pickupType', 'deliveryDate', 'dateApproved'] as const;

/**
 * `data` as this caller sends it: staff everything; others without the derived fields, and vendors without the
 * status (an internal definition sets Approved by the §4 rule: the service applies it, a vendor never sets a status).
 */
export function forCaller<T extends OrderDataInput>(data: T, staff: boolean, driver = false): T {
  if (staff) return data;
  const out = { ...data };
  if (out.order) {
    const order = { ...out.order };
    for (const k of DERIVED_CORE) delete order[k];
    if (!driver) delete order.status;
    // the modes are staff's; a vendor asks for the all-available one only when placing (the service checks it)
    if (!order.showAllRoutes) delete order.showAllRoutes;
    if (Object.keys(order).length) out.order = order;
    else delete out.order;
  }
  if (out.billing) {
    const { method: _m, ...billing } = out.billing;
    if (Object.keys(billing).length) out.billing = billing;
    else delete out.billing;
  }
  return out;
}

/** The whole data of a new order. */
export function dataOf(d: Draft, methodText: string): OrderDataInput & { order: OrderCoreInput } {
  const { pickupCompany, destCompany } = companiesOf(d);
  return {
    order: clean(coreOf(d)),
    pickupCompany: clean(pickupCompany),
    destCompany: clean(destCompany),
    billing: clean(billingOf(d, methodText)),
  };
}

/** Only what differs from `before`, by section (update is a merge patch over the stored order). */
export function changedData(before: Draft, now: Draft, methodText: string): OrderDataInput {
  const diff = <T extends object>(a: T, b: T): Partial<T> =>
    Object.fromEntries(
      Object.entries(b).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(a[k as keyof T])),
    ) as Partial<T>;
  const out: OrderDataInput = {};
  const core = diff(coreOf(before), coreOf(now));
  if (Object.keys(core).length) out.order = core;
  const billing = diff(billingOf(before, ''), billingOf(now, methodText));
  if (Object.keys(billing).length) out.billing = { ...billing, method: methodText };
  const [cb, cn] = [companiesOf(before), companiesOf(now)];
  if (JSON.stringify(cb.pickupCompany) !== JSON.stringify(cn.pickupCompany))
    out.pickupCompany = cn.pickupCompany;
  if (JSON.stringify(cb.destCompany) !== JSON.stringify(cn.destCompany)) out.destCompany = cn.destCompany;
  return out;
}
