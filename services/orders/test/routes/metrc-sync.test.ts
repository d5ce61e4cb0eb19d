// Metrc: Sync Manifests over HTTP on the real stack (FerretDB, Redis/BullMQ, NATS, Keycloak tokens) against
// an in-process Metrc stub: who may call (staff; vendors and drivers 403), the job's progress and per-order results
// (synced, each mismatch, not found; deleted orders left out), one ledger entry and one custody event per synced
// order (not again on a second run), orders by id, a failing Metrc → the run fails with the reason, bad input → 400.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages, MetrcMessages, Role, STAFF_ROLES, Subjects, type MetrcSyncView } from '@portal/contracts';
import { assertRoleMatrix, startService, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { MetrcSync } from '../../src/domain/metrc/store.js';
import { METRC_QUEUE } from '../../src/domain/metrc/start.js';
import { listKeysOf } from '../../src/domain/list-keys.js';
import { nextEntry } from '../../src/domain/ledger.js';
import { LIC, call, publishedSince, seedReadModels, suiteEnv } from './order-helpers.js';
import { startMetrcStub } from '../../../../deploy/local/metrc-stub/server.mjs';

const POLICY: Policy = { 'POST /api/metrc/syncall': STAFF_ROLES, 'GET /api/metrc/sync/:jobId': STAFF_ROLES };
const DAY = 86_400_000;
const day = (k: number) => new Date(Date.now() + k * DAY).toISOString().slice(0, 10);
const D = day(-1);
const at = `${D}T12:00:00.000Z`;

let app: FastifyInstance;
let stub: Awaited<ReturnType<typeof startMetrcStub>>;
const ids: Record<string, string> = {};

/** A stored order (as the demo seed writes them): delivered yesterday from A to DEST unless told otherwise. */
function orderDoc(
  orderId: string,
  o: { manifest?: string; boxes?: number; status?: number; deleted?: number; pickupLN?: string },
) {
  const order = {
    orderDef: 'ext',
    orderType: 'layover',
    status: o.status ?? 3,
    pickupLN: o.pickupLN ?? LIC.A,
    destinationLN: LIC.DEST,
    preferredDelivery: at,
    deliveryDate: at,
    weight: String(o.boxes ?? 2),
  };
  const base = {
    orderId,
    createdAt: new Date(Date.parse(at) - 2 * DAY),
    deliveryDate: at,
    deleted: o.deleted ?? 0,
    version: 1,
    data: { order, pickupCompany: {}, destCompany: {}, billing: { manifest: o.manifest ?? '' } },
    manifest: {},
  };
  const by = { userId: 'seed', name: 'Seed', role: 1 };
  const history = [nextEntry([], { at: base.createdAt, by, source: 'api', action: 'created', changes: [] })];
  return { ...base, history, ...listKeysOf(base) };
}

const tx = (manifestNo: string, over: object = {}) => ({
  manifestNo,
  shipper: LIC.A,
  recipient: LIC.DEST,
  packages: 2,
  state: 'received',
  lastModified: at,
  ...over,
});

before(async () => {
  stub = await startMetrcStub({
    port: 0,
    mongoUrl: '',
    transfers: [
      tx('MT-SYNCED'),
      tx('MT-COUNT', { packages: 4 }),
      tx('MT-LIC', { recipient: 'TST-OTHER-9' }),
      tx('MT-STATUS', { state: 'in-transit' }),
      tx('MT-B', { shipper: LIC.B }),
    ],
  });
  app = await startService(buildApp, {
    ...suiteEnv('metrc'),
    METRC_URL: stub.url,
    METRC_RETRIES: 1,
    METRC_TIMEOUT_MS: 2000,
  });
  // no run of an earlier test process left in this suite's queue
  await (await app.jobs.queue(METRC_QUEUE)).obliterate({ force: true });
  await Promise.all([Order.deleteMany({}), MetrcSync.deleteMany({})]);
  await seedReadModels();
  const docs = [
    orderDoc('MT-1', { manifest: 'MT-SYNCED' }),
    orderDoc('MT-2', { manifest: 'MT-COUNT', boxes: 3 }),
    orderDoc('MT-3', { manifest: 'MT-LIC' }),
    orderDoc('MT-4', { manifest: 'MT-STATUS' }),
    orderDoc('MT-5', { manifest: 'MT-MISSING' }),
    orderDoc('MT-6', {}),
    orderDoc('MT-7', { manifest: 'MT-SYNCED-DELETED', deleted: 1 }),
    orderDoc('MT-8', { manifest: 'MT-B', pickupLN: LIC.B }),
  ];
  const res = await Order.collection.insertMany(docs);
  docs.forEach((d, i) => (ids[d.orderId] = String(res.insertedIds[i])));
});
after(async () => {
  await app?.close();
  await stub?.close();
});

async function runToEnd(role: number, body: object): Promise<MetrcSyncView> {
  const res = await call(app, role as never, 'POST', '/api/metrc/syncall', body);
  assert.equal(res.statusCode, 202, res.body);
  assert.equal(res.json().message, 'Sync Manifests may take up to 5 minutes.');
  const jobId = res.json().data.jobId as string;
  for (let i = 0; i < 240; i++) {
    const v = await call(app, role as never, 'GET', `/api/metrc/sync/${jobId}`);
    assert.equal(v.statusCode, 200, v.body);
    const view = v.json().data as MetrcSyncView;
    if (view.state === 'completed' || view.state === 'failed') return view;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the sync did not finish in 60 s');
}

const metrcEntries = async (orderId: string) => {
  const h = await call(app, Role.Admin, 'GET', `/api/orders/${ids[orderId]}/history`);
  return (
    h.json().data.entries as {
      action: string;
      source: string;
      by: { name: string };
      changes: { path: string; to: unknown }[];
    }[]
  ).filter((e) => e.action === 'metrc-synced');
};

test('Sync Manifests: progress to the end, one result per live order, each reason in words', async () => {
  const since = new Date();
  stub.setMode({ mode: 'normal' });
  const v = await runToEnd(Role.Admin, { from: D, to: D });
  assert.equal(v.state, 'completed', v.failedReason);
  assert.deepEqual([v.done, v.total, v.progress], [7, 7, 100], 'the deleted order is left out');
  assert.deepEqual(v.counts, { synced: 2, mismatch: 3, notFound: 2 });
  const by = Object.fromEntries(v.results.map((r) => [r.orderId, r]));
  assert.equal(by['MT-1']!.result, 'synced');
  assert.equal(by['MT-1']!.recorded, true);
  assert.deepEqual(by['MT-1']!.metrc, {
    transferId: by['MT-1']!.metrc!.transferId,
    state: 'received',
    packages: 2,
    shipper: LIC.A,
    recipient: LIC.DEST,
  });
  assert.equal(by['MT-8']!.result, 'synced', "company B's order: looked up under B's licence");
  assert.deepEqual(by['MT-2']!.mismatches, ['package-count']);
  assert.equal(by['MT-2']!.reason, 'Package count: order 3, Metrc 4');
  assert.deepEqual(by['MT-3']!.mismatches, ['licence']);
  assert.match(
    by['MT-3']!.reason,
    /^Licence: order TST-A-1001 → TST-D-3001, Metrc TST-A-1001 → TST-OTHER-9$/,
  );
  assert.equal(by['MT-4']!.reason, 'Status: order Delivered, Metrc in transit');
  assert.equal(by['MT-5']!.result, 'not-found');
  assert.equal(by['MT-5']!.reason, MetrcMessages.notFoundReason);
  assert.equal(by['MT-6']!.reason, MetrcMessages.noManifestReason);
  assert.ok(!by['MT-7'], 'deleted');
  for (const o of ['MT-2', 'MT-3', 'MT-4', 'MT-5', 'MT-6']) assert.equal(by[o]!.recorded, false, o);

  // the ledger: one 'metrc-synced' entry per synced order, by the requesting admin through the job; none otherwise
  const [entry] = await metrcEntries('MT-1');
  assert.equal((await metrcEntries('MT-1')).length, 1);
  assert.equal(entry!.source, 'job');
  assert.equal(entry!.by.name, 'Ada Admin');
  assert.ok(entry!.changes.some((c) => c.path === 'metrc.manifestNo' && c.to === 'MT-SYNCED'));
  assert.equal((await metrcEntries('MT-2')).length, 0);
  const verify = await call(app, Role.Admin, 'GET', `/api/orders/${ids['MT-1']}/history/verify`);
  assert.equal(verify.json().ok, true);
  // …and one custody event each, with the result and the manifest number (no key, no secret)
  let events: { data: { orderId: string; step: string; detail?: Record<string, unknown> } }[] = [];
  for (let i = 0; i < 20 && events.length < 2; i++) {
    events = (await publishedSince(app, Subjects.orderCustody, since)).filter(
      (e) => e.data.step === 'metrc-synced' && e.data.orderId.startsWith('MT-'),
    );
    if (events.length < 2) await new Promise((r) => setTimeout(r, 500));
  }
  assert.deepEqual(events.map((e) => e.data.orderId).sort(), ['MT-1', 'MT-8']);
  assert.equal(events[0]!.data.detail!.result, 'synced');
  assert.ok(!JSON.stringify(events).includes('local-vendor-key'));
});

test('a second run finds the same and writes nothing twice', async () => {
  const v = await runToEnd(Role.SuperAdmin, { from: D, to: D });
  assert.equal(v.counts.synced, 2);
  assert.ok(v.results.every((r) => !r.recorded));
  assert.equal((await metrcEntries('MT-1')).length, 1);
});

test('orders by id: only those are checked', async () => {
  const v = await runToEnd(Role.Admin, { orderIds: ['MT-2', ids['MT-5']!] });
  assert.deepEqual(
    v.results.map((r) => [r.orderId, r.result]),
    [
      ['MT-2', 'mismatch'],
      ['MT-5', 'not-found'],
    ],
  );
});

test('Metrc failing: the run fails and says why (after the retries)', async () => {
  stub.setMode({ mode: 'failing' });
  const v = await runToEnd(Role.Admin, { from: D, to: D });
  stub.setMode({ mode: 'normal' });
  assert.equal(v.state, 'failed');
  assert.match(
    v.failedReason,
    /^Sync Manifests failed: Metrc answered 500 to \/transfers\/v1\/outgoing: An error has occurred\. \(after [12] tries\)$/,
  );
});

test('Metrc slower than the timeout: each run fails at its deadline with the reason; the next is not held', async () => {
  // a Metrc slower than the timeout, scaled down: 1.5 s a call, a 1 s timeout, a 2 s deadline instead of 5 minutes
  const env = app.env as Record<string, unknown>;
  const saved = { d: env.METRC_SYNC_DEADLINE_MS, t: env.METRC_TIMEOUT_MS };
  Object.assign(env, { METRC_SYNC_DEADLINE_MS: 2000, METRC_TIMEOUT_MS: 1000 });
  stub.setMode({ mode: 'slow', delayMs: 1500 });
  try {
    const t0 = Date.now();
    const [a, b] = await Promise.all([
      runToEnd(Role.Admin, { from: D, to: D }),
      runToEnd(Role.Admin, { from: D, to: D }),
    ]);
    const ms = Date.now() - t0;
    for (const v of [a, b]) {
      assert.equal(v.state, 'failed');
      assert.equal(v.failedReason, 'Sync Manifests failed: Metrc did not finish within 2 s');
    }
    assert.ok(ms < 12_000, `two runs one after the other, each ended at its deadline (${ms} ms)`);
    assert.ok(stub.stats().calls <= 30, `calls: ${stub.stats().calls}`);
  } finally {
    Object.assign(env, { METRC_SYNC_DEADLINE_MS: saved.d, METRC_TIMEOUT_MS: saved.t });
    stub.setMode({ mode: 'normal' });
  }
});

test('bad input and unknown runs: the words', async () => {
  const wide = await call(app, Role.Admin, 'POST', '/api/metrc/syncall', { from: day(-60), to: D });
  assert.equal(wide.statusCode, 400);
  assert.equal(wide.json().detail, MetrcMessages.range);
  const bad = await call(app, Role.Admin, 'POST', '/api/metrc/syncall', { from: 'yesterday' });
  assert.equal(bad.statusCode, 400);
  const none = await call(app, Role.Admin, 'GET', '/api/metrc/sync/00000000-0000-4000-8000-000000000000');
  assert.equal(none.statusCode, 404);
  assert.equal(none.json().detail, 'No such sync');
});

test('vendors and drivers are refused (403) in words; anonymous 401', async () => {
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const res = await call(app, role, 'POST', '/api/metrc/syncall', {});
    assert.equal(res.statusCode, 403, `role ${role}`);
    assert.equal(res.json().detail, Messages.forbidden);
  }
  assert.equal((await call(app, undefined, 'POST', '/api/metrc/syncall', {})).statusCode, 401);
});

test('role × endpoint: the two Metrc calls admit exactly staff (0, 1)', async () => {
  const mine = (r: { url: string }) => r.url.startsWith('/api/metrc/');
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
  // the matrix's own runs (empty body: the last week) finish before the app closes
  for (let i = 0; i < 120 && (await MetrcSync.countDocuments({ state: { $in: ['waiting', 'active'] } })); i++)
    await new Promise((r) => setTimeout(r, 250));
});
