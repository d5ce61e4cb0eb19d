import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { testNats, waitFor } from '../testing/index.js';
import type { ConsumerDef, PortalApp } from '../src/index.js';
import { buildThingApp, recorder } from './fixtures/thing-service.js';

/**
 * "nothing lost, nothing leaked": streams have max_age/max_bytes, consumers max_deliver + a dead-letter
 * subject + DeliverPolicy.New, processed_events expire, and test apps own their durables (CONSUMER_SUFFIX).
 */
const suffix = `t${Date.now().toString(36)}`;
const rec = recorder('kitevents-rec', 'kitevents', ['kitevents.thing.>']);
const poisonTries: number[] = [];
const poison: ConsumerDef = {
  durable: 'kitevents-poison',
  stream: 'kitevents',
  subjects: ['kitevents.poison.>'],
  nakDelayMs: 50,
  maxDeliver: 3,
  handle(_event, ctx) {
    poisonTries.push(ctx.msg.info.deliveryCount);
    throw new Error('this event can never be handled');
  },
};
let app: PortalApp;
const envelope = (subject: string) =>
  JSON.stringify({
    id: randomUUID(),
    type: subject,
    version: 1,
    time: new Date().toISOString(),
    source: 'test',
    data: {},
  });

before(async () => {
  // The stream as the old kit made it (no limits), with an event published before the consumer exists.
  const nc = await testNats(); // the TEST account's tool user (no anonymous NATS)
  const jsm = await jetstreamManager(nc);
  const base = { subjects: ['kitevents.>'], storage: StorageType.File, duplicate_window: nanos(120_000) };
  await jsm.streams
    .add({ name: 'KITEVENTS', ...base })
    .catch(() => jsm.streams.update('KITEVENTS', { max_age: 0, max_bytes: -1 }));
  await jetstream(nc).publish('kitevents.thing.old', envelope('kitevents.thing.old'));
  await nc.close();
  app = await buildThingApp(
    'kitevents',
    { consumers: [rec.consumer, poison], models: false },
    { CONSUMER_SUFFIX: suffix, PROCESSED_EVENTS_SWEEP_MS: 200, PROCESSED_EVENTS_TTL_S: 3600 },
  );
  await app.ready();
});
after(() => app.close());

test('every stream gets max_age and max_bytes, also one created before (updated in place)', async () => {
  const info = await app.jsm.streams.info('KITEVENTS');
  assert.equal(info.config.max_age, nanos(7 * 24 * 3600 * 1000));
  assert.equal(info.config.max_bytes, 64 * 1024 * 1024);
});

test('a new consumer: own durable name, starts at the process start, max_deliver; old events are not re-sent', async () => {
  const info = await app.jsm.consumers.info('KITEVENTS', `kitevents-rec-${suffix}`);
  assert.equal(info.config.deliver_policy, 'by_start_time'); // = DeliverPolicy.New as of this process' start
  assert.equal(info.config.max_deliver, 40);
  assert.ok((info.config.inactive_threshold ?? 0) > 0, 'a test durable is removed by NATS when idle');
  await app.js.publish('kitevents.thing.new', envelope('kitevents.thing.new'));
  await waitFor(() => rec.received.some((e) => e.type === 'kitevents.thing.new'), 5000);
  assert.ok(
    !rec.received.some((e) => e.type === 'kitevents.thing.old'),
    'the event from before is not delivered',
  );
});

test('an event that keeps failing is dead-lettered after max_deliver and terminated', async () => {
  const subject = `kitevents.poison.${suffix}`;
  await app.js.publish(subject, envelope(subject));
  const dl = `deadletter.kitevents.kitevents-poison-${suffix}`;
  const msg = await waitFor(
    () => app.jsm.streams.getMessage('DEADLETTER', { last_by_subj: dl }).catch(() => null),
    10_000,
    200,
  );
  assert.equal(msg.header?.get('Portal-Original-Subject'), subject);
  assert.match(msg.header?.get('Portal-Failure') ?? '', /can never be handled/);
  assert.deepEqual(poisonTries, [1, 2, 3]);
  const dlInfo = await app.jsm.streams.info('DEADLETTER');
  assert.ok(dlInfo.config.max_age > 0 && dlInfo.config.max_bytes > 0);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(poisonTries.length, 3, 'not delivered again');
});

test('processed_events records expire (a periodic sweep: FerretDB has no TTL index)', async () => {
  const col = app.mongo.collection<{ _id: string; at: Date }>('processed_events');
  const old = `old-${suffix}`;
  const fresh = `fresh-${suffix}`;
  await col.insertMany([
    { _id: old, at: new Date(Date.now() - 2 * 3600_000) },
    { _id: fresh, at: new Date() },
  ]);
  await waitFor(async () => !(await col.findOne({ _id: old })), 5000, 100);
  assert.ok(await col.findOne({ _id: fresh }), 'recent records are kept (redeliveries still find them)');
  await col.deleteOne({ _id: fresh });
});
