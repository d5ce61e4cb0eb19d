import { OrderStatus, type LicenceCopy, type OrderFacts, type OrderSlice } from '@portal/contracts';
import type { OrderDoc } from '../../models/order.js';
import { listKeysOf } from '../list-keys.js';
import { billingFactsOf } from './billing-facts.js';

/**
 * The order's scheduling state after a write (`OrderFacts`, contracts events-dispatch.ts): what routing's
 * read model keeps (the schedule, live updates, tracking). Built in this one place from the stored order and put on
 * every order event (publishes.ts noticeOf, custody-write.ts) and on snapshot pages (events/dispatch-snapshot.ts); the
 * `billing` block (billing-facts.ts) rides along for billing's projection, and `order` (the notice fields, status
 * included) makes each event of a write whole on its own. Stamps become booleans, signatures their signer's name and
 * date only: no image, no secret. Pure.
 */
export type FactsSource = Pick<OrderDoc, 'data'> &
  Partial<
    Pick<
      OrderDoc,
      | '_id'
      | 'orderId'
      | 'version'
      | 'lastUpdated'
      | 'deleted'
      | 'companyKeys'
      | 'manifest'
      | 'createdBy'
      | 'createdAt'
    >
  >;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : str(v));
const address = (c: LicenceCopy | undefined) => ({
  name: str(c?.DBA || c?.Licensee),
  street: str(c?.['Street Address']),
  city: str(c?.City),
  zip: str(c?.Zip),
});

/** The order's notice fields (an OrderNotice's and a snapshot item's, contracts OrderSlice) of a stored order. Pure. */
export function sliceOf(doc: FactsSource): OrderSlice {
  const o = doc.data?.order ?? ({} as OrderDoc['data']['order']);
  const opt = <K extends string>(k: K, v: string | undefined | null) =>
    (v ? { [k]: String(v) } : {}) as Partial<Record<K, string>>;
  return {
    id: str(doc._id),
    orderId: str(doc.orderId),
    status: Number(o.status ?? 0),
    orderType: str(o.orderType),
    orderDef: str(o.orderDef ?? 'ext'),
    pickupLN: str(o.pickupLN),
    destinationLN: str(o.destinationLN),
    vendorName: str(doc.data?.pickupCompany?.DBA || doc.data?.pickupCompany?.Licensee),
    destName: str(doc.data?.destCompany?.DBA || doc.data?.destCompany?.Licensee),
    ...opt('preferredDelivery', o.preferredDelivery),
    ...opt('deliveryDate', o.deliveryDate),
    ...opt('pickupDate', o.pickupDate),
  };
}

export function factsOf(doc: FactsSource): OrderFacts {
  const o = doc.data?.order ?? ({} as OrderDoc['data']['order']);
  const manifest = doc.manifest ?? {};
  const customer = o.signature?.customer;
  const delivered = Number(o.status) === OrderStatus.delivered;
  const companyKeys =
    doc.companyKeys && doc.companyKeys.length
      ? doc.companyKeys
      : listKeysOf(doc as Parameters<typeof listKeysOf>[0]).companyKeys;
  const deliveredAt = delivered ? customer?.date || iso(doc.lastUpdated) : '';
  return {
    version: Math.max(1, Number(doc.version ?? 1)),
    updatedAt: iso(doc.lastUpdated ?? doc.createdAt ?? new Date()),
    deleted: (doc.deleted ?? 0) as 0 | 1 | 2,
    companyKeys: companyKeys.filter(Boolean),
    route: str(o.route),
    pickupRoute: str(o.pickupRoute),
    pickupType: str(o.pickupType),
    pickupDriver: str(o.driver?.pickup),
    deliveryDriver: str(o.driver?.delivery),
    ...(o.driver?.pickupChange ? { pickupDriverChange: str(o.driver.pickupChange) } : {}),
    ...(o.vehicle?.pickup ? { pickupVehicle: str(o.vehicle.pickup) } : {}),
    ...(o.vehicle?.delivery ? { deliveryVehicle: str(o.vehicle.delivery) } : {}),
    weight: str(o.weight ?? '1'),
    notes: str(o.notes),
    billingNotes: str(o.billingNotes),
    checkedin: !!o.checkedin?.time,
    checkedout: !!o.checkedout?.time,
    hasManifest: !!(manifest.file || manifest.current),
    manifestSigned: !!manifest.signed?.length,
    pickupAddress: address(doc.data?.pickupCompany),
    destAddress: address(doc.data?.destCompany),
    ...(deliveredAt ? { deliveredAt } : {}),
    ...(delivered && customer?.name ? { signedBy: str(customer.name) } : {}),
    createdBy: str(doc.createdBy),
    billing: billingFactsOf(doc),
    order: sliceOf(doc),
  };
}
