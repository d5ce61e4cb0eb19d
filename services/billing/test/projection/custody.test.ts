// The events of one custody write on the bus, as orders publishes them: the custody event and the `updated` and
// `status-changed` notices, all with the same facts.version. In either arrival order the projection (and so
// reconciliation, the invoice's "* not delivered" mark and the dashboards) must hold the write's status: a custody
// event must not raise the stored version with the status billing already held and so hide its own write's notices.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Subjects, orderSliceOf, type OrderFacts } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { OrderProjection, fromStored } from '../../src/readmodels/order-projection.js';
import { PROJECTION_ENV, billingFacts, notice, tag } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, PROJECTION_ENV);
});
after(() => app?.close());

const stored = async (id: string) => {
  const doc = await OrderProjection.findById(id).lean();
  return doc ? fromStored(doc) : null;
};
/** The stored copy once `ok` holds of it (the consumer applies the bus's events in their order). */
const once = (id: string, ok: (d: NonNullable<Awaited<ReturnType<typeof stored>>>) => boolean) =>
  waitFor(async () => {
    const d = await stored(id);
    return d && ok(d) ? d : null;
  }, 15_000);

/** One write of order `id` at `version` leaving it at `status`: its three events, as orders builds them. */
function write(id: string, version: number, status: number, opts: { legacyCustody?: boolean } = {}) {
  const billing = billingFacts({ deliveredDay: status === OrderStatus.delivered ? '2026-11-04' : '' });
  const base = notice(id, { version, billing }, { status, changedBy: { userId: 'u-drv' } });
  const facts: OrderFacts = { ...base.facts!, order: orderSliceOf(base) };
  const n = { ...base, facts };
  const custody = {
    id,
    orderId: base.orderId,
    step: status === OrderStatus.delivered ? 'delivered' : 'picked-up',
    at: new Date().toISOString(),
    by: { userId: 'u-drv', name: 'Dee Driver' },
    seq: version,
    hash: 'h',
    // an event published before every event carried the whole state: facts without `order`
    facts: opts.legacyCustody ? base.facts : facts,
  };
  return [
    [Subjects.orderCustody, custody],
    [Subjects.orderUpdated, n],
    [Subjects.orderStatusChanged, { ...n, previousStatus: status - 1 }],
  ] as const;
}
async function publish(events: readonly (readonly [string, unknown])[]) {
  for (const [subject, data] of events) await app.bus.publish(subject as never, data as never);
}
async function approved(): Promise<string> {
  const id = `pj-c-${tag()}`;
  await publish(write(id, 1, OrderStatus.approved).slice(1, 2));
  await once(id, (d) => d.version === 1);
  return id;
}
/** A marker order published after a sequence: once it is projected, every event before it was handled (the
 * consumer takes the stream in order, one at a time). */
async function settle() {
  const marker = `pj-c-${tag()}`;
  await publish(write(marker, 1, OrderStatus.approved).slice(1, 2));
  await once(marker, (x) => x.version === 1);
}

test('custody event first, then its notices: the projection holds the new status', async () => {
  const id = await approved();
  await publish(write(id, 2, OrderStatus.pickedUp));
  await publish(write(id, 3, OrderStatus.delivered));
  await settle();
  const d = await stored(id);
  assert.equal(d?.version, 3);
  assert.equal(d?.status, OrderStatus.delivered, 'delivered: reconciliation counts it');
  assert.equal(d?.billing.deliveredDay, '2026-11-04');
});

test('notices first, then the custody event of the same write: the status stays the new one', async () => {
  const id = await approved();
  const [custody, updated, changed] = write(id, 2, OrderStatus.delivered);
  await publish([changed, updated, custody]);
  await settle();
  assert.equal((await stored(id))?.status, OrderStatus.delivered);
});

test('the custody event alone already brings the new status', async () => {
  const id = await approved();
  await publish(write(id, 2, OrderStatus.delivered).slice(0, 1));
  await settle();
  assert.equal((await stored(id))?.status, OrderStatus.delivered);
});

test('an older custody event without the whole state does not hide the notice of its own write', async () => {
  const id = await approved();
  const [custody, , changed] = write(id, 2, OrderStatus.pickedUp, { legacyCustody: true });
  await publish([custody]);
  const partial = await once(id, (x) => x.version === 2);
  assert.equal(partial.status, OrderStatus.approved, 'its facts applied over the status held');
  await publish([changed]);
  await settle();
  const d = await stored(id);
  assert.equal(d?.status, OrderStatus.pickedUp);
  assert.equal(d?.version, 2);
});
