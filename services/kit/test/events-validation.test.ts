import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { Type } from 'typebox';
import { Subjects } from '@portal/contracts';
import { testNats, waitFor } from '../testing/index.js';
import { EventValidators, subjectMatches, type ConsumerDef, type PortalApp } from '../src/index.js';
import { buildThingApp, recorder, ThingModel } from './fixtures/thing-service.js';

/**
 * Typed events are checked at both ends of the bus: the relay parks a payload that does not match the
 * catalogue instead of publishing it, a consumer dead-letters an invalid event instead of handling it, and a
 * durable whose subjects changed (versioned) follows the definition at start.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitval_${run}`;
const CREATED = 'kitval.thing.created.v1';
const rec = recorder('kitval-rec', 'kitval', [CREATED]);
let app: PortalApp;

before(async () => {
  // the durable as an older build made it: one unversioned filter subject
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await testNats(); // the TEST account's tool user (no anonymous NATS)
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: 'KITVAL', subjects: ['kitval.>'] }).catch(() => undefined);
  await jsm.consumers.add('KITVAL', {
    durable_name: `kitval-rec-${run}`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    filter_subject: 'kitval.thing.created',
  });
  await nc.close();
  app = await buildThingApp(
    'kitval',
    { consumers: [rec.consumer], events: { [CREATED]: Type.Object({ name: Type.String() }) } },
    { MONGO_DB: DB, CONSUMER_SUFFIX: run, OUTBOX_SWEEP_MS: 200 },
  );
  await app.ready();
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

test('catalogue checks: a valid payload passes; an invalid one names the path, never the value', () => {
  const v = new EventValidators();
  const ok = v.checkPayload(Subjects.userVerified, { userId: 'u1', email: 'a@x.io' });
  assert.deepEqual(ok, { ok: true });
  const bad = v.checkPayload(Subjects.userVerified, { userId: 'u1', email: 12345678 });
  assert.equal(bad.ok, false);
  assert.match((bad as { reason: string }).reason, /\/email/);
  assert.ok(!(bad as { reason: string }).reason.includes('12345678'), 'no payload value in the reason');
  assert.equal(v.checkPayload('nobody.declared.this.v1', {}).ok, false);
  assert.equal(v.version(Subjects.userVerified), 1);
  assert.ok(
    subjectMatches('a.*.c', 'a.b.c') && subjectMatches('a.>', 'a.b.c') && !subjectMatches('a.>', 'a'),
  );
});

test('the relay parks an invalid payload (not published) and goes on with the next event of the document', async () => {
  const doc = new ThingModel({ name: `bad-${run}` });
  doc.addEvent(CREATED as string, { name: 42 }); // a programming error the compiler cannot see here
  doc.addEvent(CREATED as string, { name: `good-${run}` });
  await doc.save();
  await waitFor(() => rec.received.some((e) => (e.data as { name: string }).name === `good-${run}`), 10_000);
  const stored = await ThingModel.collection.findOne({ _id: doc._id });
  assert.deepEqual(stored?._outbox, []);
  assert.equal(stored?._outboxParked?.length, 1);
  assert.deepEqual(stored?._outboxParked[0].data, { name: 42 });
  assert.match(stored?._outboxParked[0].reason, /\/name/);
  assert.equal(rec.received.filter((e) => (e.data as { name: unknown }).name === 42).length, 0);
});

test('a consumer dead-letters an invalid event with the reason and never hands it over', async () => {
  const id = randomUUID();
  const bad = {
    id,
    type: CREATED,
    version: 1,
    time: new Date().toISOString(),
    source: 'x',
    data: { nom: 1 },
  };
  const dl = `deadletter.kitval.kitval-rec-${run}`;
  await app.js.publish(CREATED, JSON.stringify(bad), { msgID: id });
  const msg = await waitFor(
    () => app.jsm.streams.getMessage('DEADLETTER', { last_by_subj: dl }).catch(() => null),
    10_000,
    200,
  );
  assert.match(
    msg.header?.get('Portal-Failure') ?? '',
    /invalid event: payload of kitval\.thing\.created\.v1/,
  );
  assert.ok(!rec.received.some((e) => e.id === id));
  const wrongVersion = { ...bad, id: randomUUID(), version: 2, data: { name: 'v2' } };
  await app.js.publish(CREATED, JSON.stringify(wrongVersion), { msgID: wrongVersion.id });
  await new Promise((r) => setTimeout(r, 500));
  assert.ok(
    !rec.received.some((e) => e.id === wrongVersion.id),
    'a version the subject does not say is refused',
  );
});

test("an event a stream's republish copied onto the subject is dead-lettered, never handed over", async () => {
  // republish bypasses the publish rights (any subject of the account): the copy carries Nats-Stream
  const src = `KITVALSRC${run}`.toUpperCase();
  await app.jsm.streams.add({
    name: src,
    subjects: [`kitvalsrc${run}.>`],
    republish: { src: `kitvalsrc${run}.copy`, dest: CREATED },
  });
  try {
    const copied = {
      id: randomUUID(),
      type: CREATED,
      version: 1,
      time: new Date().toISOString(),
      source: 'x',
    };
    await app.js.publish(
      `kitvalsrc${run}.copy`,
      JSON.stringify({ ...copied, data: { name: `copy-${run}` } }),
    );
    const dl = `deadletter.kitval.kitval-rec-${run}`;
    const msg = await waitFor(
      async () => {
        const m = await app.jsm.streams.getMessage('DEADLETTER', { last_by_subj: dl }).catch(() => null);
        return m?.header?.get('Portal-Failure')?.includes(src) ? m : null;
      },
      10_000,
      200,
    );
    assert.match(msg.header?.get('Portal-Failure') ?? '', /republished by stream/);
    assert.ok(!rec.received.some((e) => e.id === copied.id), 'the copy was handed over');
  } finally {
    await app.jsm.streams.delete(src);
  }
});

test('a durable made with an unversioned filter follows the versioned definition at start', async () => {
  const info = await app.jsm.consumers.info('KITVAL', `kitval-rec-${run}`);
  const filters = info.config.filter_subjects?.length
    ? info.config.filter_subjects
    : [info.config.filter_subject];
  assert.deepEqual(filters, [CREATED]);
});

test('a consumer definition is typed by the catalogue (compile-time check)', () => {
  const def: ConsumerDef<typeof Subjects.userVerified> = {
    durable: 'x',
    stream: 'accounts',
    subjects: [Subjects.userVerified],
    handle(event) {
      const email: string = event.data.email; // typed: UserVerifiedData
      void email;
    },
  };
  assert.equal(def.subjects[0], 'accounts.user.verified.v1');
});
