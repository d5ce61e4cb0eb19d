import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema } from 'mongoose';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import {
  answerSnapshots,
  buildService,
  defineConsumer,
  keysetAfter,
  keysetPages,
  pageHead,
  snapshotFeed,
  type PortalApp,
} from '../src/index.js';
import { Lease } from '../src/lease.js';

/**
 * Two replicas of one service (two apps on the same database, durables and scope, as two processes behind the
 * edge are: what the kit keeps per app is per replica): an event whose handler outlasts the ack wait runs once,
 * not again on the sibling; two readers starting together ask for one snapshot, and the one that asked sees it
 * answered even when the pages reached its sibling; a lease has one holder at a time. Real NATS and database.
 */
const run = `r${Date.now().toString(36)}`;
const DB = `portal_kitrep_${run}`;
const SLOW = 'kitrep.slow.happened.v1' as never;
const REQUESTED = 'kitrep.snapshot.requested.v1' as never;
const PUBLISHED = 'kitrep.snapshot.published.v1' as never;
const Owned = mongoose.model(
  'KitRepOwned',
  new Schema({ _id: String, name: String }, { versionKey: false }),
  'kitrep_owned',
);

let slowRuns = 0;
const slow = defineConsumer({
  durable: 'kitrep-slow',
  stream: 'kitrep',
  subjects: [SLOW],
  ackWaitMs: 1000,
  async handle() {
    slowRuns++;
    await new Promise((r) => setTimeout(r, 3500)); // three and a half ack waits
  },
});

const feed = snapshotFeed({
  requestedBy: 'kitrep-reader',
  subject: REQUESTED,
  label: 'kitrep snapshot',
  // long enough that a loaded host answers first (the answer takes a few hundred ms there); the wait below covers
  // two and a half such periods, so an asker that was never answered would have asked again
  retryFirstMs: 2000,
});
const requests: string[] = [];
const answers = answerSnapshots({
  label: 'kitrep pages',
  has: ['things'],
  requests: [{ durable: 'kitrep-owner', stream: 'kitrep', subject: REQUESTED }],
  async answer(bus, req) {
    requests.push(req.requestId);
    const head = pageHead(req);
    return keysetPages(
      (key, limit) => Owned.find(keysetAfter({}, key)).sort({ _id: 1 }).limit(limit).lean(),
      10,
      (docs, page, last) =>
        bus.publish(PUBLISHED, { ...head, page, last, items: docs } as never).then(() => undefined),
    );
  },
});
const pagesAt: string[] = [];
const reader = (name: string) =>
  feed.pages({
    durable: 'kitrep-reader',
    stream: 'kitrep',
    subject: PUBLISHED,
    handle() {
      pagesAt.push(name);
    },
  });

const answeredHook: string[] = [];
const replica = (name: string) =>
  buildService(
    {
      name: 'kitrep',
      domain: 'kitrep',
      routes: [
        feed.plugin(async () => ({ reason: 'start', body: { want: ['things'] } as never }), {
          answered: async () => void answeredHook.push(name),
        }),
      ],
      models: [Owned],
      consumers: [slow as never, ...answers, reader(name) as never],
      workers: [],
      events: { 'kitrep.>': Type.Unknown() },
    },
    { LOG_LEVEL: 'warn', MONGO_DB: DB, CONSUMER_SUFFIX: run },
  );

let a: PortalApp;
let b: PortalApp;
before(async () => {
  [a, b] = await Promise.all([replica('a'), replica('b')]);
  await Promise.all([a.ready(), b.ready()]);
});
after(async () => {
  await a?.mongo.dropDatabase().catch(() => {});
  await b?.close();
  await a?.close();
});

test('two readers starting together ask once; the asker sees the answer whichever replica took the page', async () => {
  await waitFor(() => answeredHook.length === 2, 15_000, 100);
  assert.deepEqual([...answeredHook].sort(), ['a', 'b'], 'both replicas know the read model is filled');
  await new Promise((r) => setTimeout(r, 5000));
  assert.equal(
    requests.length,
    1,
    `one request answered, not one per replica or per retry: ${requests.length}`,
  );
  assert.equal(pagesAt.length, 1, 'its one page applied once, by one replica');
});

test('an event whose handler outlasts the ack wait runs once across two replicas', async () => {
  await a.bus.publish(SLOW, {} as never);
  await waitFor(() => slowRuns >= 1, 10_000, 50);
  await new Promise((r) => setTimeout(r, 5000)); // the run (3.5 s) and more than one ack wait after it
  assert.equal(slowRuns, 1, `not redelivered to the sibling while still running: ${slowRuns} runs`);
});

test('a lease has one holder at a time; it passes on release, and on expiry when its holder stops renewing', async () => {
  const name = `kitrep-lease-${run}`;
  const one = new Lease(a.mongo.db!, name, 800, 'one');
  const two = new Lease(b.mongo.db!, name, 800, 'two');
  const takes = await Promise.all([one.take(), two.take()]);
  assert.equal(takes.filter(Boolean).length, 1, `one holder: ${takes}`);
  const [holder, other] = takes[0] ? [one, two] : [two, one];
  assert.equal(await holder.take(), true, 'the holder renews');
  assert.equal(await other.take(), false);
  await holder.release();
  assert.equal(await other.take(), true, 'free on release');
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(await holder.take(), true, 'expired: taken over');
  assert.equal(await other.holderNow(), holder.holder);
});
