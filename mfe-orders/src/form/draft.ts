import type { BillingMethod, Order, OrderDef, OrderType, PickupType } from '@portal/contracts';

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
  /** The all-available mode (orders §3 showAllRoutes): any delivery day, every route offered, no Cancel. */
  showAllRoutes: boolean;
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
  showAllRoutes: false,
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
    showAllRoutes: !!c.showAllRoutes,
  };
}
