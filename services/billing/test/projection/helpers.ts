import { randomBytes } from 'node:crypto';
import type { OrderBillingFacts, OrderFacts, OrderNotice } from '@portal/contracts';

/** The projection suites' env: own database, own durables (the running billing keeps its events), no start-up fill. */
export const PROJECTION_ENV = {
  MONGO_DB: 'portal_billing_projection_test',
  CONSUMER_SUFFIX: `pj${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: 'portal-billing-projection-test',
  BILLING_SNAPSHOT: 'off',
};

const noAddress = { name: '', street: '', city: '', zip: '' };
export function billingFacts(b: Partial<OrderBillingFacts> = {}): OrderBillingFacts {
  return {
    invoice: 'INV-1',
    amount: '$1,250.50',
    amountCents: 125050,
    method: 'Net Terms',
    methodSelect: 'net',
    dateApproved: '2026-11-02',
    deliveredDay: '',
    rejected: '',
    signatures: { pickup: true, driver: false, customer: false, dropoff: false },
    times: { pickedUp: '2026-11-03T10:00:00.000Z' },
    ...b,
  };
}
export function facts(f: Partial<OrderFacts> = {}): OrderFacts {
  return {
    version: 1,
    updatedAt: '2026-11-03T10:00:00.000Z',
    deleted: 0,
    companyKeys: ['PJ-A-1'],
    route: 'r-1',
    pickupRoute: 'r-2',
    pickupType: 'regular',
    pickupDriver: 'd-1',
    deliveryDriver: 'd-2',
    weight: '1',
    notes: '',
    billingNotes: '',
    checkedin: false,
    checkedout: false,
    hasManifest: false,
    manifestSigned: false,
    pickupAddress: noAddress,
    destAddress: noAddress,
    createdBy: 'u-1',
    billing: billingFacts(),
    ...f,
  };
}
export function notice(id: string, f: Partial<OrderFacts> = {}, n: Partial<OrderNotice> = {}): OrderNotice {
  return {
    id,
    orderId: `G-${id}`,
    status: 7,
    orderType: 'layover',
    orderDef: 'ext',
    pickupLN: 'PJ-A-1',
    destinationLN: 'PJ-D-1',
    vendorName: 'Projection Farm',
    destName: 'Projection Shop',
    preferredDelivery: '2026-11-04T12:00:00.000Z',
    changedBy: { userId: 'u-1' },
    recipients: [],
    link: '',
    facts: facts(f),
    ...n,
  };
}
export const tag = () => randomBytes(4).toString('hex');
