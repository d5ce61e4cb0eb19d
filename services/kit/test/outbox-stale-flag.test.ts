import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * A document loaded while its pending flag was still up, saved with a new event after the relay had cleared the flag:
 * the flag is unchanged in memory, so mongoose left it out of the save, and the event waited for the document's next
 * write (found by the fleet service). The kit writes the flag whenever a save carries events.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitstale_${run}`;
const CREATED = 'kitstale.thing.created.v1';
const rec = recorder('kitstale-rec', 'kitstale', [CREATED]);
let app: PortalApp;

before(async () => {
  app = await buildThingApp(
    'kitstale',
    { consumers: [rec.consumer], events: { [CREATED]: Type.Object({ name: Type.String() }) } },
    { MONGO_DB: DB, CONSUMER_SUFFIX: run, OUTBOX_SWEEP_MS: 200 },
  );
  await app.ready();
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

test('an event saved on a document whose pending flag the relay cleared meanwhile is still published', async () => {
  const { insertedId } = await ThingModel.collection.insertOne({
    name: `stale-${run}`,
    _outboxPending: true,
  });
  const doc = await ThingModel.findById(insertedId);
  assert.ok(doc);
  // the relay's sweep clears the flag of a document with nothing left to send
  await ThingModel.collection.updateOne({ _id: insertedId }, { $set: { _outboxPending: false } });
  doc.addEvent(CREATED as never, { name: `stale-${run}` } as never); // a test subject outside the catalogue
  await doc.save();
  const stored = await ThingModel.collection.findOne({ _id: insertedId });
  assert.equal(stored?._outboxPending, true, 'the save wrote the flag');
  await waitFor(() => rec.received.some((e) => (e.data as { name: string }).name === `stale-${run}`), 10_000);
});
