import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema } from 'mongoose';
import { Type } from 'typebox';
import { waitFor } from '../testing/index.js';
import {
  answerSnapshots,
  applyIfNewer,
  buildService,
  isNewer,
  keysetAfter,
  keysetPages,
  knownVersions,
  pageHead,
  snapshotFeed,
  type PortalApp,
} from '../src/index.js';

/**
 * The read-model feed on the real NATS and database: a reader whose copy is empty asks for a snapshot, asks again
 * while the owner does not answer, the owner answers in keyset pages, only this scope's pages of this reader are
 * applied, and the copy keeps the newest version whatever the order of arrival.
 */
const run = `t${Date.now().toString(36)}`;
const DB = `portal_kitfeed_${run}`;
// the test domain's subjects (not the catalogue's: the app declares them with `events` below)
const REQUESTED = 'kitfeed.snapshot.requested.v1' as never;
const PUBLISHED = 'kitfeed.snapshot.published.v1' as never;

const Owned = mongoose.model(
  'KitFeedOwned',
  new Schema({ _id: String, name: String, version: Number }, { versionKey: false }),
  'kitfeed_owned',
);
const Copy = mongoose.model(
  'KitFeedCopy',
  new Schema(
    { _id: String, name: String, version: Number, partial: Boolean, createdAt: String },
    { versionKey: false },
  ),
  'kitfeed_copy',
);

type Page = {
  requestId: string;
  requestedBy: string;
  scope?: string;
  page: number;
  last: boolean;
  asOf: string;
};
type Item = { id: string; name: string; version: number };

const feed = snapshotFeed({
  requestedBy: 'kitfeed-reader',
  subject: REQUESTED,
  label: 'kitfeed snapshot',
  retryFirstMs: 300,
});
const requests: string[] = [];
const answers = answerSnapshots({
  label: 'kitfeed pages',
  has: ['things'],
  requests: [{ durable: 'kitfeed-owner', stream: 'kitfeed', subject: REQUESTED }],
  async answer(bus, req) {
    requests.push(req.requestId);
    if (requests.length === 1) return 0; // the owner "down" for the first request: the reader asks again
    const head = pageHead(req);
    return keysetPages(
      (key, limit) =>
        Owned.find(keysetAfter({}, key))
          .sort({ _id: 1 })
          .limit(limit)
          .lean<{ _id: string; name: string; version: number }[]>(),
      2,
      (docs, page, last) =>
        bus
          .publish(PUBLISHED, {
            ...head,
            page,
            last,
            items: docs.map((d) => ({ id: d._id, name: d.name, version: d.version })),
          } as never)
          .then(() => undefined),
    );
  },
});
const pages: Page[] = [];
const reader = feed.pages({
  durable: 'kitfeed-reader',
  stream: 'kitfeed',
  subject: PUBLISHED,
  async handle(p) {
    const page = p as unknown as Page & { items: Item[] };
    pages.push(page);
    const known = await knownVersions(
      Copy,
      page.items.map((i) => i.id),
    );
    for (const i of page.items)
      if (isNewer(known, i.id, i.version)) await applyIfNewer(Copy, i.id, i.version, { name: i.name });
  },
});

let app: PortalApp;
before(async () => {
  app = await buildService(
    {
      name: 'kitfeed',
      domain: 'kitfeed',
      routes: [feed.plugin(async () => ({ reason: 'empty', body: { want: ['things'] } as never }))],
      models: [Owned, Copy],
      consumers: [...answers, reader as never],
      workers: [],
      events: { 'kitfeed.>': Type.Unknown() },
    },
    { LOG_LEVEL: 'warn', MONGO_DB: DB, CONSUMER_SUFFIX: run },
  );
  await app.ready();
  // written before the second request (the first goes unanswered, the next one comes 300 ms later)
  await Owned.insertMany(
    ['a', 'b', 'c', 'd', 'e'].map((id, n) => ({ _id: id, name: `thing ${id}`, version: n + 1 })),
  );
});
after(async () => {
  await app.mongo.dropDatabase().catch(() => {});
  await app.close();
});

test('an empty reader asks, asks again while unanswered, and is filled from keyset pages', async () => {
  await waitFor(async () => ((await Copy.countDocuments()) === 5 ? true : undefined), 15_000, 100);
  assert.ok(requests.length >= 2, 'asked again after the unanswered first request');
  assert.deepEqual(
    pages.map((p) => [p.page, p.last]),
    [
      [0, false],
      [1, false],
      [2, true],
    ],
    '5 records in pages of 2: the last page says so, no trailing empty page',
  );
  assert.ok(pages.every((p) => p.requestedBy === 'kitfeed-reader' && p.scope === run));
  assert.ok(
    Date.parse(pages[0]!.asOf) < Date.now() - 4000,
    'asOf is taken before the first read, with a margin',
  );
  const copy = await Copy.find().sort({ _id: 1 }).lean();
  assert.deepEqual(
    copy.map((c) => [c._id, c.name, c.version]),
    [
      ['a', 'thing a', 1],
      ['b', 'thing b', 2],
      ['c', 'thing c', 3],
      ['d', 'thing d', 4],
      ['e', 'thing e', 5],
    ],
  );
});

test("another scope's or another reader's page is not applied", async () => {
  const page = (extra: object) => ({
    requestId: 'other',
    requestedBy: 'kitfeed-reader',
    page: 0,
    last: true,
    asOf: new Date().toISOString(),
    items: [{ id: 'z', name: 'stranger', version: 1 }],
    ...extra,
  });
  const before = pages.length;
  await app.bus.publish(PUBLISHED, page({ scope: `${run}x` }) as never);
  await app.bus.publish(PUBLISHED, page({ scope: run, requestedBy: 'someone-else' }) as never);
  await app.bus.publish(PUBLISHED, page({ scope: run, requestId: 'marker', items: [] }) as never);
  await waitFor(() => (pages.some((p) => p.requestId === 'marker') ? true : undefined), 10_000, 100);
  assert.equal(pages.length, before + 1, 'only the marker page of this reader and scope reached handle');
  assert.equal(await Copy.findById('z').lean(), null);
});

test('the version rule: older and equal versions are ignored; a whole state replaces a partial copy of its version', async () => {
  const v = async () => (await Copy.findById('r').lean())!;
  assert.deepEqual(await applyIfNewer(Copy, 'r', 3, { name: 'three' }, { insert: { createdAt: 'then' } }), {
    written: true,
    before: null,
  });
  assert.equal((await applyIfNewer(Copy, 'r', 2, { name: 'two' })).written, false, 'older');
  assert.equal((await applyIfNewer(Copy, 'r', 3, { name: 'three again' })).written, false, 'equal');
  assert.equal((await v()).name, 'three');
  const partial = await applyIfNewer(Copy, 'r', 4, { name: 'four (held fields)' }, { partial: true });
  assert.equal(partial.written, true);
  assert.equal((partial.before as { name: string }).name, 'three', 'the stored document before the write');
  assert.equal(
    (await applyIfNewer(Copy, 'r', 4, { name: 'four, held again' }, { partial: true })).written,
    false,
  );
  assert.equal((await applyIfNewer(Copy, 'r', 4, { name: 'four' })).written, true, 'the whole state of 4');
  assert.equal((await applyIfNewer(Copy, 'r', 4, { name: 'four?' }, { partial: true })).written, false);
  const doc = await v();
  assert.deepEqual([doc.name, doc.version, doc.partial, doc.createdAt], ['four', 4, false, 'then']);
  const known = await knownVersions(Copy, ['r', 'nope']);
  assert.deepEqual(
    [isNewer(known, 'r', 4), isNewer(known, 'r', 5), isNewer(known, 'nope', 1)],
    [false, true, true],
  );
});
