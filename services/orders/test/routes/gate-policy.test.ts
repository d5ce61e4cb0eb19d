// The custody gate as a site policy (orders §4: staff correct a delivery status; drivers deliver with their own
// signature): config orders.custodyGate.advisory off (strict, the default) refuses a gated step with what is
// missing; on (advisory) lets it through for whoever may take the step, records what was missing in the step's own
// ledger entry and answers a warning. Both the scan calls and the generic /orders/update. A paper-signed delivery
// is staff's, with a reason: the ledger says who, why and that the signature is on paper. The switch is set in this
// suite's own database (its config read model) and removed after.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role, ScanMessages as SM, type RoleNumber } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import { DRIVER_ID, LIC, call, orderInput, seedReadModels, suiteEnv } from './order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('gatepolicy'));
  await Order.deleteMany({});
  await OrderConfigValue.deleteMany({});
  await seedReadModels();
});
after(async () => {
  await OrderConfigValue.deleteMany({});
  await app?.close();
});

const KEY = 'orders.custodyGate.advisory';
const advisory = (value: boolean) =>
  OrderConfigValue.updateOne(
    { key: KEY },
    { $set: { value, removed: false, asOf: new Date() } },
    { upsert: true },
  );
const scan = (role: RoleNumber, step: string, body: object) =>
  call(app, role, 'POST', `/api/orders/${step}`, body);
const update = (role: RoleNumber, id: string, version: number, order: object) =>
  call(app, role, 'POST', '/api/orders/update', { order: { id, version, data: { order } } });
type Entry = { action: string; by: { name: string; role: number }; changes: { path: string; to?: any }[] };
const historyOf = async (id: string) =>
  (await call(app, Role.Admin, 'GET', `/api/orders/${id}/history`)).json().data.entries as Entry[];
const gateOf = (e: Entry | undefined) => e?.changes.find((c) => c.path === 'gate')?.to;

/** An approved order of company A with the test driver on it (no manifest), made by an admin. */
async function newOrder(): Promise<{ id: string; version: number }> {
  const input = orderInput({
    pickupLN: LIC.A,
    status: OrderStatus.approved,
    driver: { delivery: DRIVER_ID },
  });
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', { order: input });
  assert.equal(res.statusCode, 200, res.body);
  const o = res.json().data.order;
  return { id: o.id, version: o.version };
}
/** Picked up by the driver (their own signature): the order can be delivered next. */
async function pickedUp(): Promise<{ id: string; version: number }> {
  const { id } = await newOrder();
  const res = await scan(Role.Driver, 'pickedup', { id });
  assert.equal(res.statusCode, 200, res.body);
  return { id, version: res.json().data.order.version };
}

test('strict (default): check-out and delivered refused with what is missing, on the scan calls and /orders/update', async () => {
  const a = await newOrder();
  const out = await scan(Role.AccountAdmin, 'checkout', { id: a.id, weight: '2' });
  assert.equal(out.statusCode, 409);
  assert.deepEqual(out.json().missing, [SM.missingManifest]);
  const b = await pickedUp();
  const del = await scan(Role.Driver, 'delivered', { id: b.id });
  assert.equal(del.statusCode, 409);
  assert.equal(del.json().detail, "Cannot mark delivered this order: the receiver's signature is missing.");
  // the spec's driver delivering with their own signature on the form: refused while strict
  const upd = await update(Role.Driver, b.id, b.version, { status: OrderStatus.delivered });
  assert.equal(upd.statusCode, 409, upd.body);
  assert.equal(upd.json().detail, "Cannot mark delivered this order: the receiver's signature is missing.");
  const stamp = await update(Role.Admin, a.id, a.version, { checkedout: { time: 'x', user: 'y' } });
  assert.equal(stamp.statusCode, 409, stamp.body);
  assert.deepEqual(
    (await historyOf(b.id)).map((e) => e.action),
    ['created', 'picked-up'],
    'nothing written',
  );
});

test('advisory: the steps go through for their roles, the entry records who and what was missing, a warning answers', async () => {
  await advisory(true);
  try {
    const a = await newOrder();
    const out = await scan(Role.AccountAdmin, 'checkout', { id: a.id, weight: '2', scanId: 'scan-gp-0001' });
    assert.equal(out.statusCode, 200, out.body);
    assert.equal(out.json().message, SM.checkedOut);
    assert.equal(out.json().warning, SM.gateAdvisory([SM.missingManifest]));
    const replay = await scan(Role.AccountAdmin, 'checkout', {
      id: a.id,
      weight: '2',
      scanId: 'scan-gp-0001',
    });
    assert.equal(replay.json().replayed, true);
    assert.equal(replay.json().warning, SM.gateAdvisory([SM.missingManifest]), 'a replay answers the same');
    const ha = await historyOf(a.id);
    assert.deepEqual(
      ha.map((e) => e.action),
      ['created', 'checked-out'],
    );
    assert.equal(ha[1]!.by.role, Role.AccountAdmin);
    assert.deepEqual(gateOf(ha[1]), { policy: 'advisory', missing: [SM.missingManifest] });

    const b = await pickedUp();
    const del = await scan(Role.Driver, 'delivered', { id: b.id });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().warning, SM.gateAdvisory([SM.missingReceiverSignature]));
    assert.equal(del.json().data.order.data.order.status, OrderStatus.delivered);
    const hb = await historyOf(b.id);
    assert.equal(hb.at(-1)!.action, 'delivered');
    assert.equal(hb.at(-1)!.by.role, Role.Driver);
    assert.deepEqual(gateOf(hb.at(-1)), { policy: 'advisory', missing: [SM.missingReceiverSignature] });
    // an override stays staff's in either policy; a pass with nothing missing records nothing
    const c = await pickedUp();
    const over = await scan(Role.Driver, 'delivered', { id: c.id, override: { reason: 'left at the door' } });
    assert.equal(over.statusCode, 403);
    const signed = { name: 'Rita Receiver', image: 'data:image/png;base64,iVBORw0KGgo=' };
    const ok = await scan(Role.Driver, 'delivered', { id: c.id, signature: signed });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().warning, undefined);
    assert.equal(gateOf((await historyOf(c.id)).at(-1)), undefined);
  } finally {
    await advisory(false);
  }
});

test('advisory on /orders/update: the driver delivers with their own signature; the status entry records the gap', async () => {
  await advisory(true);
  try {
    const b = await pickedUp();
    const res = await update(Role.Driver, b.id, b.version, { status: OrderStatus.delivered });
    assert.equal(res.statusCode, 200, res.body);
    const o = res.json().data.order.data.order;
    assert.equal(o.status, OrderStatus.delivered);
    assert.equal(o.signature.driver.name, 'Dee Driver', "the driver's own signature (orders §4)");
    assert.equal(res.json().warning, SM.gateAdvisory([SM.missingReceiverSignature]), 'the form toasts it');
    const last = (await historyOf(b.id)).at(-1)!;
    assert.equal(last.action, 'status');
    assert.equal(last.by.role, Role.Driver);
    assert.deepEqual(gateOf(last), { policy: 'advisory', missing: [SM.missingReceiverSignature] });
    const a = await newOrder();
    const stamp = await update(Role.Admin, a.id, a.version, { checkedout: { time: 'x', user: 'y' } });
    assert.equal(stamp.statusCode, 200, stamp.body);
    assert.deepEqual(gateOf((await historyOf(a.id)).at(-1)), {
      policy: 'advisory',
      missing: [SM.missingManifest],
    });
  } finally {
    await advisory(false);
  }
});

test('paper-signed delivery (staff): who, why and "on paper" in the ledger; others 403; bad input 400, nothing written', async () => {
  const b = await pickedUp();
  const body = (over: object = {}) => ({
    id: b.id,
    paper: { name: 'Rita Receiver' },
    override: { reason: 'Receiver signed the paper manifest; copy filed' },
    ...over,
  });
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const res = await scan(role, 'delivered', body());
    assert.equal(res.statusCode, 403, `${role}: ${res.body}`);
  }
  assert.equal((await scan(Role.Driver, 'delivered', body())).json().detail, SM.paperStaffOnly);
  const bad: [object, string | null][] = [
    [{ override: undefined }, SM.paperNeedsReason],
    [{ override: { reason: 'ok' } }, null],
    [{ paper: { name: '   ' } }, SM.paperName],
    [{ paper: { name: '' } }, null],
    [{ signature: { name: 'R', image: 'data:image/png;base64,iVBORw0KGgo=' } }, SM.paperWithSignature],
  ];
  for (const [over, detail] of bad) {
    const res = await scan(Role.Admin, 'delivered', body(over));
    assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    if (detail) assert.equal(res.json().detail, detail);
  }
  assert.deepEqual(
    (await historyOf(b.id)).map((e) => e.action),
    ['created', 'picked-up'],
    'nothing written',
  );

  const res = await scan(Role.Admin, 'delivered', body());
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, SM.paperRecorded);
  const o = res.json().data.order.data.order;
  assert.equal(o.status, OrderStatus.delivered);
  assert.equal(o.signature.customer.name, 'Rita Receiver');
  assert.equal(o.signature.customer.image, undefined);
  const h = await historyOf(b.id);
  assert.deepEqual(
    h.map((e) => e.action),
    ['created', 'picked-up', 'gate-override', 'delivered'],
  );
  assert.equal(h[2]!.by.role, Role.Admin);
  assert.deepEqual(gateOf(h[2]), {
    step: 'delivered',
    missing: [SM.missingReceiverSignature],
    reason: 'Receiver signed the paper manifest; copy filed',
  });
  assert.deepEqual(h[3]!.changes.find((c) => c.path === 'evidence.receiverSignature')?.to, {
    onPaper: true,
    name: 'Rita Receiver',
  });
  const verify = await call(app, Role.Admin, 'GET', `/api/orders/${b.id}/history/verify`);
  assert.equal(verify.json().ok, true);
});
