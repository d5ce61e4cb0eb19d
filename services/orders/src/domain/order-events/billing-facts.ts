import { OrderStatus, billingMethodText, dayOf, type OrderBillingFacts } from '@portal/contracts';
import { centsOf } from '@portal/contracts/billing';
import type { OrderDoc } from '../../models/order.js';

/**
 * The order's billing facts (contracts events-billing.ts `OrderBillingFacts`), put by factsOf on every order
 * event and snapshot page for billing's projection. Amount as typed plus integer cents (0 when blank/unparseable),
 * the method text as stored or derived (billingMethodText), signatures and stamps as booleans/times only (no image,
 * no secret). Pure.
 */
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : str(v));
const day = (v: unknown) => {
  const d = dayOf(iso(v));
  return d === 'invalid' ? '' : d;
};
/** Statuses an order reaches only after its pickup. */
const PAST_PICKUP: number[] = [
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.delivered,
  OrderStatus.exception,
  OrderStatus.fullRejection,
  OrderStatus.partialRejection,
];

type Sig = { name?: string; image?: string } | undefined;
const signed = (s: Sig) => !!(s && (str(s.name).trim() || str(s.image)));

export function billingFactsOf(doc: Pick<OrderDoc, 'data'> & { lastUpdated?: unknown }): OrderBillingFacts {
  const o = doc.data?.order ?? ({} as OrderDoc['data']['order']);
  const b = doc.data?.billing ?? {};
  const sig = o.signature ?? {};
  const status = Number(o.status);
  const delivered = status === OrderStatus.delivered;
  const deliveredTime = delivered ? str(sig.customer?.date) || iso(doc.lastUpdated) : '';
  const pickedUp = PAST_PICKUP.includes(status) ? str(sig.pickup?.date) || str(o.pickupDate) : '';
  const recon = doc.data?.recon;
  const times: OrderBillingFacts['times'] = {};
  if (pickedUp) times.pickedUp = pickedUp;
  if (o.checkedin?.time) times.checkedin = str(o.checkedin.time);
  if (o.checkedout?.time) times.checkedout = str(o.checkedout.time);
  if (deliveredTime) times.delivered = deliveredTime;
  return {
    invoice: str(b.invoice),
    amount: str(b.amount),
    amountCents: centsOf(b.amount) ?? 0,
    method: str(b.method) || billingMethodText(b.methodSelect || undefined, b.methodSelectId),
    methodSelect: str(b.methodSelect),
    dateApproved: day(o.dateApproved),
    deliveredDay: day(deliveredTime),
    rejected: o.rejected === undefined || o.rejected === null ? '' : str(o.rejected),
    ...(recon?.date || recon?.user ? { recon: { date: str(recon.date), user: str(recon.user) } } : {}),
    signatures: {
      pickup: signed(sig.pickup),
      driver: signed(sig.driver),
      customer: signed(sig.customer),
      dropoff: signed(sig.dropoff),
    },
    times,
  };
}
