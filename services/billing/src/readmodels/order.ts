import {
  dayOf,
  licenceKey,
  orderSliceOf,
  type OrderBillingFacts,
  type OrderFacts,
  type OrderSlice,
} from '@portal/contracts';
import { periodKeys, type ProjectedOrder } from './order-projection.js';

/**
 * An order event's (or snapshot item's) notice fields and facts → billing's projected order (order-projection.ts).
 * The delivery day is deliveryDate, else preferredDelivery (YYYY-MM-DD; '' when neither or unparseable). An event from
 * before orders sent billing facts has no `facts.billing`: a zeroed block stands in until a newer event or the snapshot brings it. Pure.
 */
export function zeroBilling(): OrderBillingFacts {
  return {
    invoice: '',
    amount: '',
    amountCents: 0,
    method: '',
    methodSelect: '',
    dateApproved: '',
    deliveredDay: '',
    rejected: '',
    signatures: { pickup: false, driver: false, customer: false, dropoff: false },
    times: {},
  };
}

const dayOrBlank = (v: string | undefined) => {
  const d = dayOf(v);
  return d === 'invalid' ? '' : d;
};

export function projectedOf(n: OrderSlice, facts: OrderFacts): ProjectedOrder {
  const deliveryDay = dayOrBlank(n.deliveryDate) || dayOrBlank(n.preferredDelivery);
  // the notice fields as every reader of orders keeps them; the days become billing's period keys
  const { id, preferredDelivery: _p, deliveryDate: _d, pickupDate: _k, ...slice } = orderSliceOf(n);
  return {
    _id: id,
    ...slice,
    deliveryDay,
    ...periodKeys(n.pickupLN, deliveryDay),
    route: facts.route,
    pickupRoute: facts.pickupRoute,
    pickupDriver: facts.pickupDriver,
    deliveryDriver: facts.deliveryDriver,
    companyKeys: facts.companyKeys,
    deleted: facts.deleted,
    version: facts.version,
    createdAt: '',
    updatedAt: facts.updatedAt,
    billing: facts.billing ?? zeroBilling(),
  };
}

/** The NameModel id of a vendor: `vendor:` + licenceKey(licence) — the same key accounts' companyKeys carry. */
export const vendorNameId = (licence: string) => `vendor:${licenceKey(licence)}`;
