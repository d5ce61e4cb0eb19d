import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import { OrderFacts } from '@portal/contracts';
import { factsOf } from '../../src/domain/order-events/facts.js';
import { noticeOf } from '../../src/domain/order-events/publishes.js';
import { snapshotItemOf } from '../../src/events/dispatch-snapshot.js';

const company = (name: string, lic: string, city: string) => ({
  Licensee: `${name} LLC`,
  DBA: name,
  'License #': lic,
  'Street Address': '1 Main St',
  City: city,
  Zip: '98101',
});
const stored = (order: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({
    _id: '65a000000000000000000001',
    orderId: '1001',
    version: 4,
    lastUpdated: new Date('2026-03-02T10:00:00Z'),
    createdAt: new Date('2026-03-01T10:00:00Z'),
    createdBy: 'Vera Vendor',
    deleted: 0,
    user: 'u1',
    cancelReason: '',
    companyKeys: ['lic-a', 'lic-b'],
    manifest: {},
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        status: 1,
        pickupLN: 'LIC-A',
        destinationLN: 'LIC-B',
        ...order,
      },
      pickupCompany: company('Green Farm', 'LIC-A', 'Tacoma'),
      destCompany: company('Corner Shop', 'LIC-B', 'Seattle'),
      billing: {},
    },
    ...extra,
  }) as never;

test('factsOf: the scheduling state of a stored order, valid against the contract', () => {
  const f = factsOf(
    stored({
      route: 'r1',
      pickupRoute: 'r2',
      pickupType: 'layoverpickup',
      driver: { pickup: 'd1', delivery: 'd2', pickupChange: '2026-03-02T09:00:00Z' },
      weight: '3',
      notes: 'back door',
      billingNotes: 'cash',
      checkedin: { time: '2026-03-02T08:00:00Z', user: 'x' },
      checkedout: null,
    }),
  );
  assert.ok(Value.Check(OrderFacts, f), JSON.stringify([...Value.Errors(OrderFacts, f)]));
  assert.equal(f.version, 4);
  assert.equal(f.updatedAt, '2026-03-02T10:00:00.000Z');
  assert.deepEqual([f.route, f.pickupRoute, f.pickupType], ['r1', 'r2', 'layoverpickup']);
  assert.deepEqual(
    [f.pickupDriver, f.deliveryDriver, f.pickupDriverChange],
    ['d1', 'd2', '2026-03-02T09:00:00Z'],
  );
  assert.deepEqual([f.checkedin, f.checkedout, f.hasManifest, f.manifestSigned], [true, false, false, false]);
  assert.deepEqual(f.destAddress, {
    name: 'Corner Shop',
    street: '1 Main St',
    city: 'Seattle',
    zip: '98101',
  });
  assert.deepEqual(f.companyKeys, ['lic-a', 'lic-b']);
  assert.equal(f.createdBy, 'Vera Vendor');
  assert.equal(f.deliveredAt, undefined);
});

test('factsOf: delivered → when and the signer, never the signature image; manifests as booleans', () => {
  const f = factsOf(
    stored(
      {
        status: 3,
        signature: {
          customer: {
            name: 'Rita Receiver',
            image: 'data:image/png;base64,AAAA',
            date: '2026-03-02T15:00:00Z',
          },
        },
      },
      { manifest: { file: 'm.pdf', signed: [{ filename: 's.pdf' }] } },
    ),
  );
  assert.equal(f.deliveredAt, '2026-03-02T15:00:00Z');
  assert.equal(f.signedBy, 'Rita Receiver');
  assert.deepEqual([f.hasManifest, f.manifestSigned], [true, true]);
  assert.doesNotMatch(JSON.stringify(f), /base64/);
});

test('factsOf: a new order without list keys yet (create, bulk) derives its company keys; defaults', () => {
  const f = factsOf(stored({}, { companyKeys: undefined, version: 1 }));
  assert.equal(f.companyKeys.length, 2);
  assert.equal(f.weight, '1');
  assert.deepEqual([f.route, f.pickupDriver], ['', '']);
});

test('every notice and snapshot item carries the facts', () => {
  const doc = stored({ route: 'r9', deliveryDate: '2026-03-03T12:00:00Z' });
  const n = noticeOf(doc, { appUrl: 'http://x', changedBy: { userId: 'u1' } }, []);
  assert.equal(n.facts?.route, 'r9');
  const item = snapshotItemOf(doc);
  assert.equal(item.facts.version, 4);
  assert.equal(item.deliveryDate, '2026-03-03T12:00:00Z');
  assert.equal(item.destName, 'Corner Shop');
});
