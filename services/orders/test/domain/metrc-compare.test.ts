// Metrc: the sync's rules without HTTP or database — Metrc's state of a delivery, the per-order result
// (synced, mismatch with each reason, not found), the plan's days and 24-hour windows, the manifest number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { METRC } from '@portal/contracts';
import { compareOrder, deliveryFor, metrcStateOf, type SyncOrder } from '../../src/domain/metrc/compare.js';
import { daysOf, manifestNoOf, rangeOf, windowsOf } from '../../src/domain/metrc/plan.js';
import { alreadyRecorded, syncedChanges } from '../../src/domain/metrc/record.js';
import type { MetrcDelivery, MetrcPackage } from '../../src/adapters/metrc/types.js';

const order: SyncOrder = {
  id: 'o1',
  orderId: 'G-000001',
  manifestNo: 'M-1',
  pickupLN: 'C11-0000001-LIC',
  destinationLN: 'C10-0000002-LIC',
  status: 3,
  boxes: 2,
  day: '2026-11-20',
};
const transfer = {
  Id: 7,
  ManifestNumber: 'M-1',
  ShipperFacilityLicenseNumber: 'C11-0000001-LIC',
  PackageCount: 2,
  LastModified: '2026-11-20T12:00:00Z',
};
const delivery: MetrcDelivery = {
  Id: 71,
  RecipientFacilityLicenseNumber: 'C10-0000002-LIC',
  ActualDepartureDateTime: '2026-11-20T08:00:00Z',
  ReceivedDateTime: '2026-11-20T12:00:00Z',
};
const pkg = (s: string, k = 0): MetrcPackage => ({
  PackageId: k,
  PackageLabel: `1A4${k}`,
  ShipmentPackageState: s,
});

test("Metrc's state of a delivery: pending, in transit, received, rejected, partly rejected", () => {
  assert.equal(metrcStateOf({ Id: 1, RecipientFacilityLicenseNumber: 'x' }, [pkg('Shipped')]), 'pending');
  assert.equal(metrcStateOf({ ...delivery, ReceivedDateTime: null }, [pkg('Shipped')]), 'in-transit');
  assert.equal(metrcStateOf(delivery, [pkg('Accepted'), pkg('Accepted')]), 'received');
  assert.equal(metrcStateOf(delivery, [pkg('Rejected'), pkg('Returned')]), 'rejected');
  assert.equal(metrcStateOf(delivery, [pkg('Rejected'), pkg('Accepted')]), 'partial');
});

test('an order that matches its transfer is synced', () => {
  const r = compareOrder(
    order,
    { transfer, delivery, packages: [pkg('Accepted'), pkg('Accepted', 1)] },
    'Delivered',
  );
  assert.equal(r.result, 'synced');
  assert.deepEqual(r.mismatches, []);
  assert.equal(r.reason, '');
  assert.deepEqual(r.metrc, {
    transferId: 7,
    state: 'received',
    packages: 2,
    shipper: order.pickupLN,
    recipient: order.destinationLN,
  });
});

test('each mismatch says what differs: licence, package count, status', () => {
  const other = { ...delivery, RecipientFacilityLicenseNumber: 'C10-9999999-LIC', ReceivedDateTime: null };
  const r = compareOrder(order, { transfer, delivery: other, packages: [pkg('Shipped')] }, 'Delivered');
  assert.equal(r.result, 'mismatch');
  assert.deepEqual(r.mismatches, ['licence', 'package-count', 'status']);
  assert.match(
    r.reason,
    /Licence: order C11-0000001-LIC → C10-0000002-LIC, Metrc C11-0000001-LIC → C10-9999999-LIC/,
  );
  assert.match(r.reason, /Package count: order 2, Metrc 1/);
  assert.match(r.reason, /Status: order Delivered, Metrc in transit/);
});

test('a picked-up order may not have departed in Metrc yet; a delivered one must be received', () => {
  const pending = {
    transfer,
    delivery: { Id: 1, RecipientFacilityLicenseNumber: order.destinationLN },
    packages: [pkg('Shipped'), pkg('Shipped', 1)],
  };
  assert.equal(compareOrder({ ...order, status: 7 }, pending, 'Picked Up').result, 'synced');
  assert.equal(compareOrder({ ...order, status: 3 }, pending, 'Delivered').result, 'mismatch');
  assert.equal(compareOrder({ ...order, status: 0 }, pending, 'Order Received').result, 'synced');
});

test('not found: no transfer under the number, or no number on the order', () => {
  assert.equal(compareOrder(order, undefined, 'x').reason, 'The manifest number is not in Metrc');
  const r = compareOrder({ ...order, manifestNo: '' }, undefined, 'x');
  assert.equal(r.result, 'not-found');
  assert.equal(r.reason, 'The order has no manifest number');
});

test("the delivery to the order's recipient is chosen (licences compared without case or spaces)", () => {
  const a = { Id: 1, RecipientFacilityLicenseNumber: 'X' };
  const b = { Id: 2, RecipientFacilityLicenseNumber: ' c10-0000002-lic ' };
  assert.equal(deliveryFor([a, b], order.destinationLN)?.Id, 2);
  assert.equal(deliveryFor([a], order.destinationLN)?.Id, 1);
});

test('range: default the last 7 days; at most 31; from after to refused', () => {
  const now = new Date('2026-11-25T22:00:00Z');
  assert.deepEqual(rangeOf({}, now), { from: '2026-11-19', to: '2026-11-25' });
  assert.deepEqual(rangeOf({ from: '2026-11-01', to: '2026-11-03' }, now), {
    from: '2026-11-01',
    to: '2026-11-03',
  });
  assert.throws(() => rangeOf({ from: '2026-10-01', to: '2026-11-25' }, now), /at most 31 days/);
  assert.throws(() => rangeOf({ from: '2026-11-05', to: '2026-11-03' }, now), /at most 31 days/);
  assert.equal(daysOf('2026-11-29', '2026-12-02').join(','), '2026-11-29,2026-11-30,2026-12-01,2026-12-02');
  assert.equal(METRC.maxDays, 31);
});

test('windows: whole days of at most 24 hours around each delivery day, none in the future', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const w = windowsOf(['2026-11-20', '2026-11-21'], now);
  assert.equal(w.length, 8, '17th … 24th');
  assert.equal(w[0]!.start.toISOString(), '2026-11-17T00:00:00.000Z');
  for (const x of w) assert.ok(x.end.getTime() - x.start.getTime() < 86_400_000);
  const today = windowsOf(['2026-11-25'], now);
  assert.equal(today.at(-1)!.end.toISOString(), now.toISOString(), 'the last window ends now');
  assert.equal(
    windowsOf(['2026-01-01', '2026-06-01'], now).length,
    14,
    'far-apart days: only their own windows',
  );
});

test("the manifest number: the billing manifest, else the upload's", () => {
  const data = (m?: string) => ({ billing: { manifest: m } }) as never;
  assert.equal(manifestNoOf({ data: data(' M-77 '), manifest: {} }), 'M-77');
  assert.equal(
    manifestNoOf({ data: data(''), manifest: { current: { manifestNo: 'UP-1' } } as never }),
    'UP-1',
  );
  assert.equal(manifestNoOf({ data: data(undefined), manifest: {} }), '');
});

test('a synced order is recorded once: a retried run or an unchanged order adds no entry', () => {
  const r = compareOrder(
    order,
    { transfer, delivery, packages: [pkg('Accepted'), pkg('Accepted', 1)] },
    'Delivered',
  );
  const entry = (action: string, changes = syncedChanges(r, 's1')) =>
    ({
      seq: 1,
      at: '',
      by: { userId: 'u', name: 'n', role: 1 },
      source: 'job',
      action,
      changes,
      prevHash: '',
      hash: '',
    }) as const;
  assert.equal(alreadyRecorded([], r, 's1'), false);
  assert.equal(alreadyRecorded([entry('metrc-synced')], r, 's1'), true);
  assert.equal(alreadyRecorded([entry('metrc-synced')], r, 's2'), true, 'same manifest, nothing since');
  assert.equal(
    alreadyRecorded([entry('metrc-synced'), entry('status', [])], r, 's2'),
    false,
    'the order changed since',
  );
});
