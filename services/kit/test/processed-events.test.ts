import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { assertUsesIndex, waitFor } from '../testing/index.js';
import { PROCESSED_MODEL, type PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * Every delivery of an event looks its `${durable}:${event.id}` up in processed_events before the handler runs. On
 * FerretDB that lookup is served only by a GIN index on `_id` (its own unique btree is never used by a query): a
 * collection the migration did not know of read every record per delivery (15–90 ms at ~50,000 records, the stack's
 * consumers under a burst of new orders). The consumers' collection is a model of the connection, so the start-up
 * migration makes it and its index before the first event.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitprocessed_${run}`;
const CREATED = 'kitproc.thing.created.v1';
const rec = recorder('kitproc-rec', 'kitproc', [CREATED]);
let app: PortalApp;

before(async () => {
  app = await buildThingApp(
    'kitproc',
    { consumers: [rec.consumer], events: { [CREATED]: Type.Object({ name: Type.String() }) } },
    { MONGO_DB: DB, CONSUMER_SUFFIX: run, OUTBOX_SWEEP_MS: 200 },
  );
  await app.ready();
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

test('processed_events is made by the migration with an index serving the lookup by _id', async () => {
  const model = app.mongo.models[PROCESSED_MODEL];
  assert.ok(model, 'the consumers register processed_events as a model of the connection');
  // on the stack: FerretDB pushes the equality down and PostgreSQL plans an index scan (on MongoDB: IXSCAN)
  await assertUsesIndex(model, { _id: `kitproc-rec-${run}:some-event` });
});

test('an event is still handled once and recorded as processed under its durable and id', async () => {
  const doc = new ThingModel({ name: `p-${run}` });
  doc.addEvent(CREATED as string, { name: `p-${run}` });
  await doc.save();
  await waitFor(() => rec.received.some((e) => (e.data as { name: string }).name === `p-${run}`), 10_000);
  const event = rec.received.find((e) => (e.data as { name: string }).name === `p-${run}`)!;
  const key = `kitproc-rec-${run}:${event.id}`;
  await waitFor(
    async () => !!(await app.mongo.collection('processed_events').findOne({ _id: key as never })),
  );
  assert.equal(rec.received.filter((e) => e.id === event.id).length, 1);
});
