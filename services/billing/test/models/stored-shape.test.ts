import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  STORED_FIELDS,
  TOP_KEYS,
  fromStored,
  toStored,
  type ProjectedOrder,
} from '../../src/readmodels/order-projection.js';

const order: ProjectedOrder = {
  _id: 'o1',
  orderId: 'A-1',
  status: 3,
  orderType: 'sameDay',
  orderDef: 'ext',
  pickupLN: 'C10-1',
  destinationLN: 'C10-2',
  vendorName: 'Vendor "One"',
  destName: 'Shop',
  deliveryDay: '2026-11-03',
  month: '2026-11',
  vendorMonth: 'C10-1|2026-11',
  week: '2026-11-02',
  route: 'r1',
  pickupRoute: '',
  pickupDriver: 'd1',
  deliveryDriver: '',
  companyKeys: ['C101'],
  deleted: 0,
  version: 4,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-03T08:00:00.000Z',
  billing: {
    invoice: 'INV',
    amount: '$1,250.50',
    amountCents: 125050,
    method: 'Cash',
    methodSelect: '',
    dateApproved: '2026-11-03',
    deliveredDay: '',
    rejected: '',
    signatures: { pickup: true, driver: false, customer: true, dropoff: false },
    times: {},
  },
};

test('stored shape: the equality keys, version, deleted and createdAt top-level; everything else one JSON text', () => {
  const s = toStored(order);
  assert.deepEqual(Object.keys(s).sort(), [...TOP_KEYS, 'createdAt', 'r'].sort());
  assert.equal(typeof s.r, 'string');
  assert.equal(s.vendorMonth, 'C10-1|2026-11');
  assert.equal(s.version, 4);
  const r = JSON.parse(s.r);
  for (const k of TOP_KEYS) assert.equal(k in r, false, k);
  assert.equal(r.billing.amountCents, 125050);
  assert.deepEqual(STORED_FIELDS.split(' ').sort(), Object.keys(s).sort());
});

test('fromStored(toStored(p)) gives back p, field for field', () => {
  assert.deepEqual(fromStored(toStored(order)), order);
  // without createdAt (an update's $set): read back as ''
  const { createdAt: _c, ...rest } = order;
  assert.deepEqual(fromStored(toStored(rest)), { ...order, createdAt: '' });
});

test('a field the projection left undefined reads as the old schema default', () => {
  const { route: _r, companyKeys: _k, updatedAt: _u, ...rest } = order;
  assert.deepEqual(fromStored(toStored(rest as ProjectedOrder)), {
    ...order,
    route: '',
    companyKeys: [],
    updatedAt: '',
  });
});

test('an old full document (no r) reads as it is; stale top-level fields beside r never override r', () => {
  assert.deepEqual(fromStored({ ...order }), order);
  const mixed = { ...toStored(order), status: 1, billing: { amountCents: 0 } };
  assert.deepEqual(fromStored(mixed), order);
});
