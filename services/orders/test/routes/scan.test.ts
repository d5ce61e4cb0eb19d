// Barcode check-in/out and the driver's hand-over steps over the real stack: role × endpoint,
// role × tenant, unknown id, a replayed scanId writes once, the compliance gate's 409 and the recorded override.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role, ScanMessages as SM, Subjects, type RoleNumber } from '@portal/contracts';
import { assertRoleMatrix, startService, waitFor, type Policy } from '@portal/service-kit/testing';
import { withDocLock } from '@portal/service-kit';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import {
  DRIVER_ID,
  LIC,
  suiteEnv,
  call,
  orderInput,
  publishedSince,
  seedReadModels,
} from './order-helpers.js';

const ENV = suiteEnv('scan');
const POLICY: Policy = {
  'POST /api/orders/checkin': [Role.SuperAdmin, Role.Admin],
  'POST /api/orders/checkout': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'POST /api/orders/pickedup': [Role.SuperAdmin, Role.Admin, Role.Driver],
  'POST /api/orders/delivered': [Role.SuperAdmin, Role.Admin, Role.Driver],
};
const RECEIVER = { name: 'Rita Receiver', image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' };

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const scan = (role: RoleNumber, step: string, body: object) =>
  call(app, role, 'POST', `/api/orders/${step}`, body);
const scanId = () => `scan-${randomUUID()}`;

/** An approved order of company A (or B) with the test driver on it, made by an admin. */
async function newOrder(pickupLN = LIC.A): Promise<string> {
  const input = orderInput({ pickupLN, status: OrderStatus.approved, driver: { delivery: DRIVER_ID } });
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', { order: input });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order.id as string;
}
const historyOf = async (id: string) =>
  (await call(app, Role.Admin, 'GET', `/api/orders/${id}/history`)).json().data.entries as {
    action: string;
    changes: { path: string; to?: unknown }[];
  }[];
const actions = async (id: string) => (await historyOf(id)).map((e) => e.action);
/** The manifests part's result, written directly (under the outbox relay's lock: FerretDB writes whole documents). */
const direct = (id: string, set: object) =>
  withDocLock(Order.collection.collectionName, id, () => Order.updateOne({ _id: id }, { $set: set }));
const matchingManifest = (id: string, licencesMatch = true) =>
  direct(id, { manifest: { file: 'm.pdf', current: { key: 'k', licencesMatch } } });

test('role × endpoint: each scan call admits exactly the roles of its policy', async () => {
  const mine = (r: { url: string; method: string }) => `${r.method} ${r.url}` in POLICY;
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('unknown id and another company’s order: 404 "Order not found" on every scan call', async () => {
  const a = await newOrder();
  const cases: [RoleNumber, string, object][] = [
    [Role.Admin, 'checkin', { id: 'G-999999' }],
    [Role.AccountAdmin, 'checkout', { id: '65a000000000000000000000', weight: '1' }],
    [Role.Driver, 'pickedup', { id: 'G-999999' }],
    [Role.Driver, 'delivered', { id: 'nope', signature: RECEIVER }],
    [Role.User, 'checkout', { id: a, weight: '1' }], // company B's user, order of company A
  ];
  for (const [role, step, body] of cases) {
    const res = await scan(role, step, body);
    assert.equal(res.statusCode, 404, `${step} as ${role}: ${res.body}`);
    assert.equal(res.json().detail, 'Order not found');
  }
  const b = await newOrder(LIC.B);
  await direct(b, { 'data.order.driver': {}, driverIds: [] });
  const other = await scan(Role.Driver, 'pickedup', { id: b });
  assert.equal(other.statusCode, 404, 'a driver not on the order does not see it');
  assert.deepEqual(await actions(b), ['created'], 'nothing written');
});

test('check-in by scan: stamp, custody event, a replayed scanId answers the first result and writes once', async () => {
  const id = await newOrder();
  const since = new Date();
  const sid = scanId();
  const first = await scan(Role.Admin, 'checkin', { id, scanId: sid });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(first.json().message, 'Order checked in successfully!');
  assert.ok(first.json().data.order.data.order.checkedin.time);
  for (let i = 0; i < 2; i++) {
    const again = await scan(Role.Admin, 'checkin', { id, scanId: sid });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().message, 'Order checked in successfully!');
    assert.equal(again.json().replayed, true);
  }
  const twice = await scan(Role.Admin, 'checkin', { id, scanId: scanId() });
  assert.equal(twice.json().message, SM.alreadyCheckedIn, 'a second box of the same order: no second entry');
  assert.deepEqual(await actions(id), ['created', 'checked-in']);
  const evs = await waitFor(async () => {
    const e = (await publishedSince(app, Subjects.orderCustody, since)).filter((x) => x.data.id === id);
    return e.length ? e : undefined;
  }, 15_000);
  assert.equal(evs.length, 1);
  assert.equal(evs[0]!.data.step, 'checked-in');
  const removed = await scan(Role.Admin, 'checkin', { id, undo: true, scanId: scanId() });
  assert.equal(removed.json().message, SM.checkInRemoved);
  assert.equal(removed.json().data.order.data.order.checkedin, null);
  assert.deepEqual(await actions(id), ['created', 'checked-in', 'check-in-removed']);
});

test('check-out gate: 409 names what is missing; staff override with a reason is recorded; a match passes', async () => {
  const id = await newOrder();
  const noManifest = await scan(Role.AccountAdmin, 'checkout', { id, weight: '4' });
  assert.equal(noManifest.statusCode, 409);
  assert.equal(
    noManifest.json().detail,
    'Cannot check out this order: no manifest has been uploaded for this order.',
  );
  assert.deepEqual(noManifest.json().missing, [SM.missingManifest]);
  assert.equal(noManifest.json().overridable, false);
  const vendorOverride = await scan(Role.AccountAdmin, 'checkout', { id, override: { reason: 'trust me' } });
  assert.equal(vendorOverride.statusCode, 403);
  assert.equal(vendorOverride.json().detail, SM.overrideStaffOnly);

  await matchingManifest(id, false);
  const mismatch = await scan(Role.Admin, 'checkout', { id, weight: '4' });
  assert.equal(mismatch.statusCode, 409);
  assert.equal(
    mismatch.json().detail,
    "Cannot check out this order: the manifest's licences do not match the order's licences. An admin may override with a reason.",
  );
  assert.equal(mismatch.json().overridable, true);
  assert.deepEqual(await actions(id), ['created'], 'a blocked check-out writes nothing');

  const sid = scanId();
  const body = { id, weight: '4', scanId: sid, override: { reason: 'Paper manifest checked at the dock' } };
  const over = await scan(Role.Admin, 'checkout', body);
  assert.equal(over.statusCode, 200, over.body);
  assert.equal(over.json().message, 'Order checked out successfully!');
  assert.equal(over.json().data.order.data.order.weight, '4');
  assert.equal((await scan(Role.Admin, 'checkout', body)).json().replayed, true);
  const h = await historyOf(id);
  assert.deepEqual(
    h.map((e) => e.action),
    ['created', 'gate-override', 'checked-out'],
  );
  assert.deepEqual(h[1]!.changes[0]!.to, {
    step: 'checked-out',
    missing: [SM.manifestMismatch],
    reason: 'Paper manifest checked at the dock',
  });

  const ok = await newOrder();
  await matchingManifest(ok);
  const vendor = await scan(Role.AccountAdmin, 'checkout', { id: ok, weight: '2', scanId: scanId() });
  assert.equal(vendor.statusCode, 200, vendor.body);
  assert.equal(vendor.json().data.order.data.order.weight, '2');
  assert.deepEqual(await actions(ok), ['created', 'checked-out']);
});

test('driver: picked up, delivered refused without the receiver signature, then delivered; replay writes once', async () => {
  const id = await newOrder();
  const picked = await scan(Role.Driver, 'pickedup', { id, scanId: scanId() });
  assert.equal(picked.statusCode, 200, picked.body);
  assert.equal(picked.json().data.order.data.order.status, OrderStatus.pickedUp);
  assert.equal(picked.json().data.order.data.order.signature.pickup.name, 'Dee Driver');

  const unsigned = await scan(Role.Driver, 'delivered', { id, scanId: scanId() });
  assert.equal(unsigned.statusCode, 409);
  assert.equal(
    unsigned.json().detail,
    "Cannot mark delivered this order: the receiver's signature is missing.",
  );
  const driverOverride = await scan(Role.Driver, 'delivered', { id, override: { reason: 'left at door' } });
  assert.equal(driverOverride.statusCode, 403);

  const sid = scanId();
  const done = await scan(Role.Driver, 'delivered', { id, signature: RECEIVER, scanId: sid });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().message, SM.delivered);
  const sig = done.json().data.order.data.order.signature;
  assert.equal(sig.customer.name, 'Rita Receiver');
  assert.equal(sig.driver.name, 'Dee Driver', 'the driver signature auto-filled');
  const replay = await scan(Role.Driver, 'delivered', { id, signature: RECEIVER, scanId: sid });
  assert.equal(replay.json().replayed, true);
  assert.deepEqual(await actions(id), ['created', 'picked-up', 'delivered']);
  const h = await historyOf(id);
  assert.ok(!JSON.stringify(h).includes(RECEIVER.image), 'no signature image in the ledger');
  const verify = await call(app, Role.Admin, 'GET', `/api/orders/${id}/history/verify`);
  assert.equal(verify.json().ok, true);
});

test('admin marks delivered without a receiver signature only with an override reason', async () => {
  const id = await newOrder();
  assert.equal(
    (await scan(Role.Admin, 'pickedup', { id })).statusCode,
    400,
    'no profile signature for admin',
  );
  await direct(id, { 'data.order.status': OrderStatus.inTransit });
  const blocked = await scan(Role.Admin, 'delivered', { id });
  assert.equal(blocked.statusCode, 409);
  assert.equal(blocked.json().overridable, true);
  const over = await scan(Role.Admin, 'delivered', {
    id,
    override: { reason: 'Receiver refused to sign; photo on file' },
  });
  assert.equal(over.statusCode, 200, over.body);
  assert.deepEqual(await actions(id), ['created', 'gate-override', 'delivered']);
});

test('the same scan arriving three times at once (a flaky network resending) is written once', async () => {
  const id = await newOrder();
  const sid = scanId();
  const answers = await Promise.all([1, 2, 3].map(() => scan(Role.Admin, 'checkin', { id, scanId: sid })));
  assert.deepEqual(
    answers.map((a) => [a.statusCode, a.json().message]),
    Array(3).fill([200, SM.checkedIn]),
  );
  assert.equal(answers.filter((a) => a.json().replayed).length, 2);
  assert.deepEqual(await actions(id), ['created', 'checked-in']);
});

test('bad bodies → 400 before anything is read or written', async () => {
  const id = await newOrder();
  const cases: [RoleNumber, string, object][] = [
    [Role.AccountAdmin, 'checkout', { id, weight: 'three' }],
    [Role.Admin, 'checkin', { id, scanId: 'x' }],
    [Role.Admin, 'checkin', {}],
    [Role.Driver, 'delivered', { id, signature: { name: 'R', image: 'https://evil.example/x.png' } }],
    [Role.Admin, 'checkout', { id, override: { reason: '' } }],
    [Role.Admin, 'pickedup', { id, extra: true }],
  ];
  for (const [role, step, body] of cases) {
    const res = await scan(role, step, body);
    assert.equal(res.statusCode, 400, `${step} ${JSON.stringify(body)}: ${res.body}`);
  }
  assert.deepEqual(await actions(id), ['created']);
});
