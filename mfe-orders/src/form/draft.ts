import type {
  BillingMethod,
  LicenceCopy,
  Order,
  OrderBilling,
  OrderCoreInput,
  OrderDataInput,
  OrderDef,
  OrderStatusNumber,
  OrderType,
  PickupType,
} from '@portal/contracts';

/**
 * What the form edits: every field of the order (orders §3) as the text its control holds. Dates are 'YYYY-MM-DD'
 * (the day chosen; the order stores noon UTC of it, §9 "Default dates are set to noon of the day").
 */
export interface Draft {
  orderDef: OrderDef | '';
  orderType: OrderType | '';
  status: string;
  pickupLN: string;
  destinationLN: string;
  pickupAddress: string;
  pickupCity: string;
  pickupZip: string;
  destName: string;
  destAddress: string;
  destCity: string;
  destZip: string;
  preferredPickup: string;
  preferredDelivery: string;
  pickupDate: string;
  deliveryDate: string;
  pickupType: PickupType | '';
  pickupRoute: string;
  route: string;
  driverPickup: string;
  driverDelivery: string;
  weight: string;
  notes: string;
  billingNotes: string;
  invoice: string;
  amount: string;
  methodSelect: BillingMethod | '';
  methodSelectId: string;
  manifest: string;
  rejected: string;
  rejectedText: string;
  exception: string;
  cashReturn: boolean;
}

export const EMPTY_DRAFT: Draft = {
  orderDef: 'ext',
  orderType: '',
  status: '0',
  pickupLN: '',
  destinationLN: '',
  pickupAddress: '',
  pickupCity: '',
  pickupZip: '',
  destName: '',
  destAddress: '',
  destCity: '',
  destZip: '',
  preferredPickup: '',
  preferredDelivery: '',
  pickupDate: '',
  deliveryDate: '',
  pickupType: '',
  pickupRoute: '',
  route: '',
  driverPickup: '',
  driverDelivery: '',
  weight: '1',
  notes: '',
  billingNotes: '',
  invoice: '',
  amount: '',
  methodSelect: '',
  methodSelectId: '',
  manifest: '',
  rejected: '',
  rejectedText: '',
  exception: '',
  cashReturn: false,
};

/** The text fields saved on blur for an existing order (§2: "Text edits on an existing order are saved on blur"). */
export const BLUR_SAVED = [
  'notes',
  'billingNotes',
  'invoice',
  'amount',
  'methodSelectId',
  'manifest',
  'rejectedText',
  'exception',
  'weight',
] as const satisfies readonly (keyof Draft)[];

/** 'YYYY-MM-DD' of an ISO date (UTC: the order stores noon UTC of the day chosen). */
export const dayOf = (iso?: string | null) => (iso ? iso.slice(0, 10) : '');
/** Noon UTC of a chosen day, or undefined when none. */
export const noonOf = (day: string) => (day ? `${day}T12:00:00.000Z` : undefined);

export function fromOrder(o: Order): Draft {
  const c = o.data.order;
  const b = o.data.billing ?? {};
  const p = o.data.pickupCompany ?? {};
  const d = o.data.destCompany ?? {};
  return {
    orderDef: c.orderDef ?? '',
    orderType: c.orderType ?? '',
    status: String(c.status ?? 0),
    pickupLN: c.pickupLN ?? '',
    destinationLN: c.destinationLN ?? '',
    pickupAddress: p['Street Address'] ?? '',
    pickupCity: p.City ?? '',
    pickupZip: p.Zip ?? '',
    destName: d.Licensee ?? '',
    destAddress: d['Street Address'] ?? '',
    destCity: d.City ?? '',
    destZip: d.Zip ?? '',
    preferredPickup: dayOf(c.preferredPickup),
    preferredDelivery: dayOf(c.preferredDelivery),
    pickupDate: dayOf(c.pickupDate),
    deliveryDate: dayOf(c.deliveryDate),
    pickupType: c.pickupType ?? '',
    pickupRoute: c.pickupRoute ?? '',
    route: c.route ?? '',
    driverPickup: c.driver?.pickup ?? '',
    driverDelivery: c.driver?.delivery ?? '',
    weight: c.weight ?? '1',
    notes: c.notes ?? '',
    billingNotes: c.billingNotes ?? '',
    invoice: b.invoice ?? '',
    amount: b.amount == null ? '' : String(b.amount),
    methodSelect: b.methodSelect ?? '',
    methodSelectId: b.methodSelectId ?? '',
    manifest: b.manifest ?? '',
    rejected: c.rejected ? String(c.rejected) : '',
    rejectedText: c.rejectedText ?? '',
    exception: c.exception ?? '',
    cashReturn: !!c.cashReturn,
  };
}

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
    driver: d.driverPickup || d.driverDelivery ? { pickup: d.driverPickup, delivery: d.driverDelivery } : undefined,
    weight: d.weight.trim() || '1',
    notes: d.notes,
    billingNotes: d.billingNotes,
    rejected: d.rejected ? Number(d.rejected) : undefined,
    rejectedText: d.rejectedText,
    exception: d.exception,
    cashReturn: d.cashReturn,
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
  if (JSON.stringify(cb.pickupCompany) !== JSON.stringify(cn.pickupCompany)) out.pickupCompany = cn.pickupCompany;
  if (JSON.stringify(cb.destCompany) !== JSON.stringify(cn.destCompany)) out.destCompany = cn.destCompany;
  return out;
}
