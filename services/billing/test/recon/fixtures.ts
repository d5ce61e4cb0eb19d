import { randomBytes } from 'node:crypto';
import { periodKeys, type ProjectedOrder } from '../../src/readmodels/order-projection.js';

/** A fresh licence per run (the test database keeps earlier runs' rows). */
export const freshLN = (tag: string) =>
  `T${tag}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.toUpperCase();

let seq = 0;
/** A projected order as the projection part writes it; the test sets what it is about. */
export function projected(
  vendorLN: string,
  day: string,
  o: Partial<Omit<ProjectedOrder, 'billing'>> & { billing?: Partial<ProjectedOrder['billing']> } = {},
): ProjectedOrder {
  seq += 1;
  const id = o._id ?? `${vendorLN.toLowerCase()}-${String(seq).padStart(5, '0')}`;
  const { billing, ...rest } = o;
  return {
    _id: id,
    orderId: `R-${seq}`,
    status: 3,
    orderType: 'sameDay',
    orderDef: 'ext',
    pickupLN: vendorLN,
    destinationLN: 'DEST-1',
    vendorName: 'Vendor',
    destName: 'Shop One',
    deliveryDay: day,
    ...periodKeys(vendorLN, day),
    route: 'r1',
    pickupRoute: '',
    pickupDriver: '',
    deliveryDriver: 'd1',
    companyKeys: [vendorLN],
    deleted: 0,
    version: 1,
    createdAt: `${day}T08:00:00.000Z`,
    updatedAt: `${day}T08:00:00.000Z`,
    ...rest,
    billing: {
      invoice: '',
      amount: '',
      amountCents: 0,
      method: 'Net Terms',
      methodSelect: 'net',
      dateApproved: day,
      deliveredDay: day,
      rejected: '',
      signatures: { pickup: true, driver: true, customer: true, dropoff: true },
      times: {},
      ...billing,
    },
  };
}
