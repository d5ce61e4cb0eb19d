import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * The outbox's state is the app's (kit src/outbox/signal.ts): a model's writes signal the relay of the app that
 * serves it while that app runs, and nothing of a closed app is left behind in the process. A write that no relay
 * serves keeps its event on the document (no intent: no relay would sweep it), and the next relay publishes it.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitsignal_${run}`;
const CREATED = 'kitsignal.thing.created.v1';
const rec = recorder('kitsignal-rec', 'kitsignal', [CREATED]);
const name = Type.Object({ name: Type.String() });
const build = () =>
  buildThingApp(
    'kitsignal',
    { consumers: [rec.consumer], events: { [CREATED]: name } },
    // the sweep is set to a minute: what is published within the test came from a signal or the relay's start
    { MONGO_DB: DB, CONSUMER_SUFFIX: run, OUTBOX_SWEEP_MS: 60_000 },
  );
let app: PortalApp | undefined;
after(async () => {
  await app?.mongo.dropDatabase().catch(() => {});
  await app?.close();
});

const save = async (n: string) => {
  const doc = new ThingModel({ name: n });
  doc.addEvent(CREATED as never, { name: n } as never);
  await doc.save();
  return doc._id;
};
const intentOf = (id: unknown) => ThingModel.db.collection('outbox_intents').findOne({ doc: id });
const received = (n: string) =>
  rec.received.some((e) => e.type === CREATED && (e.data as { name: string }).name === n);

test("a closed app's relay takes no more writes; the next app's relay publishes what was written meanwhile", async () => {
  const first = await build();
  await first.ready();
  await save(`a-${run}`);
  await waitFor(() => received(`a-${run}`), 10_000);
  await first.close();

  // connected, its relay not started: no signal serves the model, so the event stays on the document
  app = await build();
  const b = await save(`b-${run}`);
  assert.equal(
    await intentOf(b),
    null,
    'an intent no relay serves would wait for a sweep of another process',
  );
  const stored = await ThingModel.collection.findOne({ _id: b });
  assert.equal(stored?._outbox?.length, 1);
  assert.equal(stored?._outboxPending, true);

  // the relay's start sweeps it; later writes are its own (signalled, through an intent)
  await app.ready();
  await waitFor(() => received(`b-${run}`), 10_000);
  const c = await save(`c-${run}`);
  await waitFor(() => received(`c-${run}`), 10_000);
  await waitFor(async () => !(await intentOf(c)), 10_000);
  assert.equal(rec.received.filter((e) => (e.data as { name: string }).name === `a-${run}`).length, 1);
});
