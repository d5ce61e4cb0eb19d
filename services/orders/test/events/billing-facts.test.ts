import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import { OrderFacts } from '@portal/contracts';
import { factsOf } from '../../src/domain/order-events/facts.js';

/** A stored order (only what the billing facts read). */
const stored = (order: Record<string, unknown>, data: Record<string, unknown> = {}) =>
  ({
    version: 2,
    lastUpdated: new Date('2026-11-05T18:00:00Z'),
    companyKeys: ['LIC-A'],
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        status: 1,
        pickupLN: 'LIC-A',
        destinationLN: 'LIC-B',
        ...order,
      },
      pickupCompany: {},
      destCompany: {},
      billing: {},
      ...data,
    },
  }) as never;

test('billing facts: the amount in cents, the stored method text, the approved day; valid against the contract', () => {
  const f = factsOf(
    stored(
      { dateApproved: '2026-11-02T12:00:00.000Z', status: 1 },
      {
        billing: {
          invoice: 'INV-9',
          amount: '$1,250.5',
          method: 'Cash 12',
          methodSelect: 'cash',
          methodSelectId: '12',
        },
      },
    ),
  );
  assert.ok(Value.Check(OrderFacts, f), JSON.stringify([...Value.Errors(OrderFacts, f)]));
  assert.deepEqual(f.billing, {
    invoice: 'INV-9',
    amount: '$1,250.5',
    amountCents: 125050,
    method: 'Cash 12',
    methodSelect: 'cash',
    dateApproved: '2026-11-02',
    deliveredDay: '',
    rejected: '',
    signatures: { pickup: false, driver: false, customer: false, dropoff: false },
    times: {},
  });
});

test('billing facts: blank or unparseable amounts are 0 cents; the method derived when not stored', () => {
  assert.equal(factsOf(stored({}, { billing: { amount: '' } })).billing!.amountCents, 0);
  assert.equal(factsOf(stored({}, { billing: { amount: 'twelve' } })).billing!.amountCents, 0);
  assert.equal(factsOf(stored({}, { billing: { amount: 12.345 } })).billing!.amountCents, 1235);
  assert.equal(factsOf(stored({}, { billing: { methodSelect: 'net' } })).billing!.method, 'Net Terms');
  assert.equal(
    factsOf(stored({}, { billing: { methodSelect: 'check', methodSelectId: '88' } })).billing!.method,
    'Check 88',
  );
});

test('billing facts: a delivered order → its delivered day and times, signatures as booleans (no image), recon', () => {
  const f = factsOf(
    stored(
      {
        status: 3,
        pickupDate: '2026-11-03T12:00:00.000Z',
        checkedin: { time: '2026-11-03T20:00:00.000Z', user: 'w' },
        checkedout: { time: '2026-11-04T07:00:00.000Z', user: 'w' },
        rejected: 2,
        signature: {
          pickup: { name: 'Pat', date: '2026-11-03T09:30:00.000Z' },
          driver: { image: 'data:image/png;base64,AAAA' },
          customer: { name: 'Cora', image: 'data:image/png;base64,BBBB', date: '2026-11-04T15:00:00.000Z' },
          dropoff: { name: '  ' },
        },
      },
      { recon: { date: '2026-11-10', user: 'Ann Admin' } },
    ),
  );
  const b = f.billing!;
  assert.equal(b.deliveredDay, '2026-11-04');
  assert.equal(b.rejected, '2');
  assert.deepEqual(b.recon, { date: '2026-11-10', user: 'Ann Admin' });
  assert.deepEqual(b.signatures, { pickup: true, driver: true, customer: true, dropoff: false });
  assert.deepEqual(b.times, {
    pickedUp: '2026-11-03T09:30:00.000Z',
    checkedin: '2026-11-03T20:00:00.000Z',
    checkedout: '2026-11-04T07:00:00.000Z',
    delivered: '2026-11-04T15:00:00.000Z',
  });
  assert.ok(!JSON.stringify(f).includes('base64'), 'no signature image on the event');
});

test('billing facts: delivered without a customer date → the last update; not picked up → no pickup time', () => {
  const d = factsOf(stored({ status: 3 })).billing!;
  assert.deepEqual([d.deliveredDay, d.times.delivered], ['2026-11-05', '2026-11-05T18:00:00.000Z']);
  const a = factsOf(stored({ status: 1, pickupDate: '2026-11-03T12:00:00.000Z' })).billing!;
  assert.deepEqual(a.times, {});
  const p = factsOf(stored({ status: 7, pickupDate: '2026-11-03T12:00:00.000Z' })).billing!;
  assert.equal(p.times.pickedUp, '2026-11-03T12:00:00.000Z');
});
