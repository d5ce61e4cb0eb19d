import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * A document inserted with one event (an order's create): the event is written as an intent just before the
 * document, which is inserted without it; the relay publishes it from memory and deletes the intent, without reading
 * or writing the document again. The sweep is set to a minute, so what is delivered here came from the save's own
 * hand-over.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitnewdoc_${run}`;
const CREATED = 'kitnewdoc.thing.created.v1';
const RENAMED = 'kitnewdoc.thing.renamed.v1';
const rec = recorder('kitnewdoc-rec', 'kitnewdoc', [CREATED, RENAMED]);
const name = Type.Object({ name: Type.String() });
let app: PortalApp;
let pendingReads = 0;

before(async () => {
  app = await buildThingApp(
    'kitnewdoc',
    { consumers: [rec.consumer], events: { [CREATED]: name, [RENAMED]: name } },
    { MONGO_DB: DB, CONSUMER_SUFFIX: run, OUTBOX_SWEEP_MS: 60_000 },
  );
  await app.ready();
  // count the relay's reads of pending documents (its sweep's query) from here on
  const col = ThingModel.collection;
  const find = col.find.bind(col);
  col.find = ((filter: Record<string, unknown>, ...rest: never[]) => {
    if (filter && '_outboxPending' in filter) pendingReads++;
    return find(filter as never, ...rest);
  }) as typeof col.find;
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

const names = (subject: string) =>
  rec.received.filter((e) => e.type === subject).map((e) => (e.data as { name: string }).name);

test('a new document with one event: published without a read of pending documents, its intent deleted', async () => {
  const reads = pendingReads;
  const doc = new ThingModel({ name: `new-${run}` });
  doc.addEvent(CREATED as never, { name: `new-${run}` } as never);
  await doc.save();
  await waitFor(() => names(CREATED).includes(`new-${run}`), 10_000);
  // the event waited as an intent beside the document (OUTBOX_INTENTS), deleted once published; the document was
  // written once, without it
  const intents = ThingModel.db.collection('outbox_intents');
  await waitFor(async () => !(await intents.findOne({ doc: doc._id })), 10_000);
  const stored = await ThingModel.collection.findOne({ _id: doc._id });
  assert.deepEqual(stored?._outbox, []);
  assert.equal('_outboxPending' in (stored ?? {}), false, 'the document never carried the pending flag');
  assert.equal(pendingReads, reads, 'the relay read pending documents for a new one');
});

test('a second event queued on the new document meanwhile is published too, after the first', async () => {
  const doc = new ThingModel({ name: `two-${run}` });
  doc.addEvent(CREATED as never, { name: `two-${run}` } as never);
  await doc.save();
  // while the first is in flight: the sweep leaves the document alone until the first is published (its intent
  // done), then is nudged again and publishes this one
  await ThingModel.updateOneWithEvents({ _id: doc._id }, { $set: { tag: 'renamed' } }, [
    { subject: RENAMED, data: { name: `two-${run}` } } as never,
  ]);
  await waitFor(() => names(RENAMED).includes(`two-${run}`), 10_000);
  assert.deepEqual(names(CREATED).filter((n) => n === `two-${run}`).length, 1, 'the first event once');
  // published in order: their places in the stream (the recorder's handlers run side by side, so the order they
  // finished in is not the order they came in)
  const at = (subject: string) =>
    rec.received.find((e) => e.type === subject && (e.data as { name: string }).name === `two-${run}`)!.seq;
  assert.ok(at(CREATED) < at(RENAMED), 'the events in the order they were written');
  await waitFor(async () => !(await ThingModel.collection.findOne({ _id: doc._id }))?._outboxPending, 10_000);
});
