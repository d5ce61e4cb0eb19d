// What the form sends (src/form/payload.ts): a new order without empty fields; updates only what changed; a vendor
// never sends what the service derives or only staff set; a driver keeps the status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_DRAFT, fromOrder } from '../src/form/draft.js';
import { changedData, dataOf, forCaller } from '../src/form/payload.js';
import { order } from './fakes.js';

test('a new order leaves out empty fields', () => {
  const d = {
    ...EMPTY_DRAFT,
    orderType: 'layover' as const,
    pickupLN: 'A-1',
    destinationLN: 'B-2',
    preferredDelivery: '2026-12-02',
  };
  const data = dataOf(d, '');
  assert.equal(data.order.preferredDelivery, '2026-12-02T12:00:00.000Z', 'noon UTC of the day (§9)');
  assert.equal('notes' in data.order, false);
  assert.equal('billingNotes' in data.order, false);
  assert.deepEqual(data.billing, {});
  assert.deepEqual(data.destCompany, { 'License #': 'B-2' });
});

test('an update sends only the changed fields', () => {
  const before = fromOrder(order());
  assert.deepEqual(changedData(before, { ...before, notes: 'new' }, ''), { order: { notes: 'new' } });
  assert.deepEqual(changedData(before, before, ''), {});
  const billing = changedData(before, { ...before, methodSelect: 'cash', methodSelectId: '12' }, 'Cash 12');
  assert.deepEqual(billing.billing, { methodSelect: 'cash', methodSelectId: '12', method: 'Cash 12' });
});

test('vendors never send derived or staff-only fields; drivers keep the status; staff send everything', () => {
  const data = {
    order: {
      orderType: 'sameDay' as const,
      pickupType: 'regular' as const,
      deliveryDate: 'x',
      status: 1 as const,
    },
    billing: { invoice: 'I-1', method: 'Net Terms' },
  };
  assert.deepEqual(forCaller(data, false), { order: { orderType: 'sameDay' }, billing: { invoice: 'I-1' } });
  assert.deepEqual(forCaller(data, false, true).order, { orderType: 'sameDay', status: 1 });
  assert.deepEqual(forCaller(data, true), data);
  assert.deepEqual(forCaller({ order: { pickupType: 'regular' as const } }, false), {});
});
