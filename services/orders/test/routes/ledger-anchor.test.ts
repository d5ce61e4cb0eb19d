// The ledger anchored outside the database: a chain rewritten whole in the database (an entry edited and every later
// hash recomputed) passes the chain's own check but not its signed checkpoint; an untouched chain is intact and
// anchored; a checkpoint with a bad signature is refused; LEDGER_ANCHORS refuses delete and purge. Real stack:
// FerretDB, NATS (the TEST account's ORDERS and LEDGER_ANCHORS streams), Redis, Keycloak. Own database and namespace;
// the orders are written straight to the database with their chains (what is checked is the ledger, not the form).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LEDGER_GENESIS, Role, STAFF_ROLES, type OrderHistoryEntry } from '@portal/contracts';
import { assertRoleMatrix, startService, waitFor, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { hashOf, nextEntry } from '../../src/domain/ledger.js';
import { ledgerKeys } from '../../src/domain/ledger-key.js';
import {
  ANCHOR_STREAM,
  checkCheckpoint,
  makeCheckpoint,
  publishCheckpoint,
} from '../../src/domain/ledger-anchor.js';
import { call, seedReadModels, suiteEnv } from './order-helpers.js';

const NS = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, {
    ...suiteEnv('anchor'),
    LEDGER_NAMESPACE: NS,
    LEDGER_ANCHOR_INTERVAL_MS: 0,
  });
  await seedReadModels();
});
after(() => app?.close());

const post = (role: number, path: string, body: object) =>
  call(app, role as never, 'POST', `/api/orders/${path}`, body);
const verify = async (id: string) =>
  (await call(app, Role.Admin, 'GET', `/api/orders/${id}/history/verify`)).json();
const anchorNow = (id: string) => post(Role.Admin, 'ledger/checkpoint', { id });

/** An order with `n` ledger entries, written as the service writes them (the chain is all these tests read). */
let serial = 0;
async function orderWithHistory(n = 3) {
  const orderId = `${NS}-${++serial}`;
  const history: OrderHistoryEntry[] = [];
  for (let i = 0; i < n; i++) history.push(entry(history, i ? 'updated' : 'created'));
  const doc = await Order.create({ orderId, data: { order: { notes: 'fragile' } }, history, version: n });
  return { id: String(doc._id), orderId };
}
const by = { userId: 'acc-1', name: 'Ada Admin', role: 1 };
const entry = (h: OrderHistoryEntry[], action: string) =>
  nextEntry(h, {
    at: new Date(),
    by,
    source: 'form',
    action,
    changes: [{ path: 'data.order.notes', to: action }],
  });
/** Appends an entry as the service does (the ledger grows after a checkpoint). */
async function append(id: string) {
  const o = await Order.findById(id).lean<any>();
  await Order.collection.updateOne(
    { _id: o._id },
    { $push: { history: entry(o.history, 'updated') } as never },
  );
}

/** What a tamperer with database access does: edit entry `at`, then relink and rehash every later entry. */
function rewrite(history: OrderHistoryEntry[], at: number, edit: (e: OrderHistoryEntry) => void) {
  const out = structuredClone(history);
  edit(out[at - 1]!);
  let prev = at > 1 ? out[at - 2]!.hash : LEDGER_GENESIS;
  for (let i = at - 1; i < out.length; i++) {
    const { hash: _h, ...body } = out[i]!;
    body.prevHash = prev;
    out[i] = { ...body, hash: hashOf(body) };
    prev = out[i]!.hash;
  }
  return out;
}

test('role × endpoint: staff sign now; the public key is public', async () => {
  const policy: Policy = { 'POST /api/orders/ledger/checkpoint': STAFF_ROLES };
  const only = Object.create(app, {
    routeTable: { value: () => app.routeTable().filter((r) => r.url === '/api/orders/ledger/checkpoint') },
  });
  await assertRoleMatrix(only, policy);
  const key = await app.inject({ method: 'GET', url: '/api/orders/ledger/key' });
  assert.equal(key.statusCode, 200);
  assert.equal(Buffer.from(key.json().publicKey, 'base64').length, 32);
});

test('an untouched chain is intact and anchored; entries after the checkpoint are reported as not yet', async () => {
  const o = await orderWithHistory();
  const before = await verify(o.id);
  assert.equal(before.ok, true);
  assert.equal(before.anchored, 0, 'nothing signed yet');
  const r = await anchorNow(o.id);
  assert.equal(r.statusCode, 200, r.body);
  const v = await verify(o.id);
  assert.deepEqual([v.ok, v.entries, v.anchored, v.brokenAt], [true, 3, 3, undefined], JSON.stringify(v));
  assert.match(v.message, /All 3 entries are intact and anchored/);
  await append(o.id);
  const later = await verify(o.id);
  assert.deepEqual([later.ok, later.entries, later.anchored], [true, 4, 3]);
  assert.match(later.message, /entries 1-3 are anchored .*1 not yet/);
});

test('a chain rewritten whole in the database passes its own check but not its signed checkpoint', async () => {
  const o = await orderWithHistory();
  await anchorNow(o.id);
  const stored = await Order.findById(o.id).lean<any>();
  const forged = rewrite(stored.history, 2, (e) => (e.by.name = 'Someone Else'));
  await Order.collection.updateOne({ _id: stored._id }, { $set: { history: forged } });
  const v = await verify(o.id);
  assert.equal(v.ok, false, JSON.stringify(v));
  assert.equal(v.brokenAt, 2, 'the first entry that differs from the anchor');
  assert.match(v.message, /Entry 2 differs from the signed checkpoint/);
  // the job never signs the rewrite as the new truth
  const again = await anchorNow(o.id);
  assert.equal(again.json().verdict.ok, false);
  assert.equal((await verify(o.id)).ok, false);
  // a chain cut short (the last entries removed, hashes intact) is reported too
  await Order.collection.updateOne({ _id: stored._id }, { $set: { history: stored.history.slice(0, 2) } });
  const cut = await verify(o.id);
  assert.deepEqual([cut.ok, cut.brokenAt], [false, 3]);
  assert.match(cut.message, /entry 3 is missing/);
});

test('the job signs every chain written since its last run', async () => {
  const o = await orderWithHistory();
  assert.equal((await verify(o.id)).anchored, 0);
  const r = await post(Role.Admin, 'ledger/checkpoint', {});
  assert.equal(r.statusCode, 200, r.body);
  assert.ok(r.json().signed >= 1);
  const v = await waitFor(async () => ((await verify(o.id)).anchored === 3 ? verify(o.id) : undefined), 5000);
  assert.equal(v.ok, true);
});

test('a checkpoint with a bad signature is refused', async () => {
  const o = await orderWithHistory();
  const stored = await Order.findById(o.id).lean<any>();
  const forged = rewrite(stored.history, 1, (e) => (e.action = 'forged'));
  // signed with a key the service does not trust
  const seed = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');
  const cp = makeCheckpoint(ledgerKeys(seed), NS, stored.orderId, forged, 1);
  const real = ledgerKeys(app.env.LEDGER_SIGNING_KEY as string);
  assert.equal(checkCheckpoint(real, cp, NS, stored.orderId), null, 'unknown key');
  const tampered = { ...makeCheckpoint(real, NS, stored.orderId, stored.history, 1), seq: 2 };
  assert.equal(checkCheckpoint(real, tampered, NS, stored.orderId), null, 'a signed body changed');
  await publishCheckpoint(app.js, cp);
  await Order.collection.updateOne({ _id: stored._id }, { $set: { history: forged } });
  const v = await waitFor(async () => {
    const x = await verify(o.id);
    return x.refused ? x : undefined;
  }, 5000);
  assert.deepEqual([v.ok, v.anchored, v.refused], [true, 0, 1], 'the forged anchor counts for nothing');
  // put the real chain back and anchor it: the forged checkpoint stays refused, the real one counts
  await Order.collection.updateOne({ _id: stored._id }, { $set: { history: stored.history } });
  await anchorNow(o.id);
  const real2 = await verify(o.id);
  assert.deepEqual([real2.ok, real2.anchored, real2.refused], [true, 3, 1]);
});

test('LEDGER_ANCHORS is append-only: purge, delete and lifting the denial are refused', async () => {
  await anchorNow((await orderWithHistory()).id);
  const jsm = app.jsm;
  // the stream's own denial (the suites' NATS user may call these APIs; the orders service user may not even ask:
  // its rights refuse them first, which counts as refused too)
  const refused = (what: RegExp) => new RegExp(`${what.source}|Permissions Violation`);
  await assert.rejects(jsm.streams.purge(ANCHOR_STREAM), refused(/purge not permitted/));
  await assert.rejects(jsm.streams.deleteMessage(ANCHOR_STREAM, 1), refused(/delete not permitted/));
  await assert.rejects(
    jsm.streams.update(ANCHOR_STREAM, { deny_delete: false, deny_purge: false }),
    refused(/can not cancel/),
  );
  const c = (await jsm.streams.info(ANCHOR_STREAM)).config;
  assert.deepEqual(
    [c.deny_delete, c.deny_purge, c.allow_rollup_hdrs, Number(c.max_age)],
    [true, true, false, 0],
  );
});
