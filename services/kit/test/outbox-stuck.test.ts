import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * "The outbox sweep stops at the first failing record". A document whose event cannot be published (its
 * subject has no stream: JetStream answers "no responders") sits first in the sweep; the records after it are
 * still published, the stuck one stays pending (flag up, event kept) and is retried later.
 */
const run = Date.now().toString(36);
const rec = recorder('kitstuck-recorder', 'kitstuck', ['kitstuck.>']);
const DB = `portal_kitstuck_${run}`;
let app: PortalApp;

before(async () => {
  app = await buildThingApp(
    'kitstuck',
    // the stuck record's subject is declared (so the relay tries it) but has no stream to take it
    { consumers: [rec.consumer], events: { [`nostream-${run}.>`]: Type.Unknown() } },
    { MONGO_DB: DB, OUTBOX_SWEEP_MS: 200 },
  );
  await app.ready(); // the durable consumer exists from here on (it only gets events published after it)
  // Written with the native driver (no in-process nudge), so all four wait for the same sweep, the stuck one
  // first, as the kit's own writes store them.
  const ev = (subject: string, data: unknown) => ({ id: randomUUID(), subject, data, time: new Date() });
  await ThingModel.collection.insertMany([
    {
      name: `stuck-${run}`,
      _outbox: [ev(`nostream-${run}.thing.created`, { name: 'stuck' })],
      _outboxPending: true,
    },
    ...[1, 2, 3].map((n) => ({
      name: `ok${n}-${run}`,
      _outbox: [ev(`kitstuck.${run}.created`, { n })],
      _outboxPending: true,
    })),
  ]);
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

test('one record that cannot be published does not block the others', async () => {
  const mine = () => rec.received.filter((e) => e.type === `kitstuck.${run}.created`);
  await waitFor(() => mine().length === 3, 15_000);
  assert.deepEqual(
    mine()
      .map((e) => (e.data as { n: number }).n)
      .sort(),
    [1, 2, 3],
  );

  const things = app.mongo.collection('things');
  await waitFor(async () => (await things.countDocuments({ _outboxPending: true })) === 1, 5_000);
  const stuck = await things.findOne({ name: `stuck-${run}` });
  assert.equal(stuck?._outboxPending, true, 'the stuck record stays pending');
  assert.equal(stuck?._outbox.length, 1, 'its event is kept for a retry');
  const done = await things.find({ name: { $regex: `^ok` } }).toArray();
  assert.equal(done.length, 3);
  for (const d of done) {
    assert.deepEqual(d._outbox, []);
    assert.equal(d._outboxPending, undefined, 'the flag is lowered once the array is empty');
  }
});

test('an event queued on a drained document raises the flag again and is published', async () => {
  const doc = await ThingModel.findOne({ name: `ok1-${run}` });
  const res = await ThingModel.updateOneWithEvents({ _id: doc!._id }, { $set: { tag: 'again' } }, [
    { subject: `kitstuck.${run}.renamed`, data: { again: true } },
  ]);
  assert.equal(res.matchedCount, 1);
  await waitFor(() => rec.received.some((e) => e.type === `kitstuck.${run}.renamed`), 10_000);
  await waitFor(
    async () => (await ThingModel.collection.findOne({ _id: doc!._id }))?._outboxPending === undefined,
    5_000,
  );
});
