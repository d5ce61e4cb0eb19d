import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Role, Subjects, type ReconStampedData } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order, type OrderDoc } from '../../src/models/order.js';
import { call, orderInput, publishedSince, seedReadModels, suiteEnv } from '../routes/order-helpers.js';

/** billing.recon.stamped.v1 applied by orders: data.recon, a ledger entry, the updated event; once. */
const ENV = suiteEnv('brecon');
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app.close());

const create = async () => {
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', {
    order: orderInput({}, { invoice: 'INV-7', amount: '99.95' }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order as { id: string; orderId: string };
};
const stamp = (orderIds: string[], over: Partial<ReconStampedData> = {}): ReconStampedData => ({
  stampId: randomUUID(),
  vendorLN: 'TST-A-1001',
  from: '2026-11-16',
  to: '2026-11-22',
  orderIds,
  date: '2026-11-24T09:00:00.000Z',
  user: 'Ada Admin',
  userId: 'acc-1',
  ...over,
});
const stored = (id: string) => Order.findById(id).lean<OrderDoc>();

test('a stamp sets data.recon, appends a verified ledger entry and publishes the order with the recon in its facts', async () => {
  const [a, b] = [await create(), await create()];
  const since = new Date();
  const s = stamp([a.id, b.orderId, '65a0000000000000000000ff']); // by id, by human id, and one orders does not hold
  await app.bus.publish(Subjects.reconStamped, s);
  for (const o of [a, b]) {
    const doc = await waitFor(async () => {
      const d = await stored(o.id);
      return d?.data.recon ? d : null;
    }, 15_000);
    assert.deepEqual(doc.data.recon, { date: s.date, user: 'Ada Admin' });
    const last = doc.history[doc.history.length - 1]!;
    assert.deepEqual(
      [last.action, last.source, last.by.name, last.by.userId],
      ['reconciled', 'billing reconciliation', 'Ada Admin', 'acc-1'],
    );
    assert.deepEqual(last.changes, [
      { path: 'data.recon', to: { date: s.date, user: 'Ada Admin' } },
      { path: 'stampId', to: s.stampId },
    ]);
    const verify = await call(app, Role.Admin, 'GET', `/api/orders/${o.id}/history/verify`);
    assert.equal(verify.json().ok, true, verify.body);
  }
  const updated = await waitFor(async () => {
    const ev = (await publishedSince(app, Subjects.orderUpdated, since)).filter((e) => e.data.id === a.id);
    return ev.length ? ev : null;
  }, 15_000);
  assert.deepEqual(updated[0]!.data.facts.billing.recon, { date: s.date, user: 'Ada Admin' });
  assert.equal(updated[0]!.data.facts.billing.amountCents, 9995);
});

test('a redelivered stamp appends nothing; a new stamp of the same order appends one more entry', async () => {
  const a = await create();
  const s = stamp([a.id]);
  await app.bus.publish(Subjects.reconStamped, s);
  const once = await waitFor(async () => {
    const d = await stored(a.id);
    return d?.data.recon ? d : null;
  }, 15_000);
  await app.bus.publish(Subjects.reconStamped, s); // the same stamp again (a redelivery, a duplicate publish)
  const later = stamp([a.id], { date: '2026-11-25T10:00:00.000Z', user: 'Sue Super', userId: 'acc-0' });
  await app.bus.publish(Subjects.reconStamped, later);
  const twice = await waitFor(async () => {
    const d = await stored(a.id);
    return d?.data.recon?.user === 'Sue Super' ? d : null;
  }, 15_000);
  assert.equal(twice.history.length, once.history.length + 1, 'the duplicate appended nothing');
  assert.equal(twice.version, once.version + 1);
  const last = twice.history[twice.history.length - 1]!;
  assert.deepEqual(last.changes[0], {
    path: 'data.recon',
    from: { date: s.date, user: 'Ada Admin' },
    to: { date: later.date, user: 'Sue Super' },
  });
  const verify = await call(app, Role.Admin, 'GET', `/api/orders/${a.id}/history/verify`);
  assert.equal(verify.json().ok, true);
});
