// Manifests: role × endpoint, role × tenant (incl. the pre-signed URL of another company's order), bad
// files (PNG named .pdf, 60 MB) and licence mismatch → 4xx and nothing written, the force path, the ledger once, view,
// merge and the zip. Real stack: FerretDB, NATS, Keycloak tokens, the S3 gateway. Own database (MANIFEST_ENV).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { ALL_ROLES, Role, Subjects } from '@portal/contracts';
import { assertRoleMatrix, startService, tokenFor, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { sha256 } from '../../src/domain/manifests/store.js';
import {
  DRIVER_ID,
  LIC,
  call,
  fixtureWrite,
  orderInput,
  publishedSince,
  seedReadModels,
} from './order-helpers.js';
import { MANIFEST_ENV, manifestPdf, multipart } from './manifests-helpers.js';

const POLICY: Policy = {
  'POST /api/orders/manifestupload': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'GET /api/orders/:id/manifest': ALL_ROLES,
  'POST /api/orders/mergePdfs': ALL_ROLES,
  'GET /api/orders/manifests': ALL_ROLES,
  'GET /api/orders/manifests.zip': ALL_ROLES,
};

let app: FastifyInstance;
let orderA: { id: string; orderId: string };
let orderA2: { id: string; orderId: string };
let orderNone: { id: string; orderId: string };
before(async () => {
  app = await startService(buildApp, MANIFEST_ENV);
  await Order.deleteMany({});
  await seedReadModels();
  const make = async (over = {}) => {
    const r = await call(app, Role.AccountAdmin, 'POST', '/api/orders/create', { order: orderInput(over) });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().data.order;
  };
  [orderA, orderA2, orderNone] = [await make(), await make({ pickupLN: LIC.A2 }), await make()];
});
after(() => app?.close());

async function upload(role: number, order: string, file?: { name: string; bytes: Buffer }, force = false) {
  const body = multipart({ order, force: String(force), currentWindow: 'http://localhost:8080/' }, file);
  return app.inject({
    method: 'POST',
    url: '/api/orders/manifestupload',
    headers: { authorization: `Bearer ${await tokenFor(role as never)}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}
const stored = (id: string) => Order.findById(id).lean<any>();

test('role × endpoint: each manifest call admits exactly the roles of its policy', async () => {
  const mine = (r: { url: string; method: string }) => !!POLICY[`${r.method} ${r.url}`];
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('a vendor uploads a matching manifest: stored by hash, one ledger entry, one custody event', async () => {
  const since = new Date();
  const bytes = await manifestPdf(LIC.A, LIC.DEST, 2);
  const res = await upload(Role.AccountAdmin, orderA.orderId, { name: 'manifest A.pdf', bytes });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, 'Manifest uploaded successfully!');
  const m = res.json().data.manifest;
  assert.equal(m.sha256, sha256(bytes));
  assert.equal(m.key, `orders/${orderA.id}/manifest-${m.sha256.slice(0, 16)}.pdf`);
  assert.deepEqual(
    [m.pages, m.bytes, m.licencesMatch, m.filename],
    [2, bytes.length, true, 'manifest A.pdf'],
  );
  assert.equal(m.uploadedBy.name, 'Val Vendor');
  const o = await stored(orderA.id);
  assert.equal(o.manifest.file, 'manifest A.pdf');
  assert.equal(o.history.filter((h: any) => h.action === 'manifest-uploaded').length, 1);
  // the same bytes again (a retry): answered as uploaded, nothing written twice
  const again = await upload(Role.AccountAdmin, orderA.orderId, { name: 'manifest A.pdf', bytes });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.json().data.version, o.version);
  assert.equal((await stored(orderA.id)).history.length, o.history.length);
  const events = (await publishedSince(app, Subjects.orderCustody, since)).filter(
    (e) => e.data.id === orderA.id,
  );
  assert.equal(events.length, 1);
  assert.equal(events[0]!.data.step, 'manifest-uploaded');
  assert.deepEqual(events[0]!.data.detail, {
    sha256: m.sha256,
    pages: 2,
    bytes: bytes.length,
    licencesMatch: true,
    forced: false,
  });
});

test('bad files and a licence mismatch are refused with nothing written; force uploads and records it', async () => {
  const before = await stored(orderA2.id);
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2000, 1)]);
  const r1 = await upload(Role.Admin, orderA2.id, { name: 'scan.pdf', bytes: png });
  assert.equal(r1.statusCode, 415);
  assert.match(r1.headers['content-type'] as string, /problem\+json/);
  assert.match(r1.json().detail, /Only PDF files/);
  const r2 = await upload(Role.Admin, orderA2.id);
  assert.equal(r2.statusCode, 400);
  assert.equal(r2.json().detail, 'Choose a PDF file to upload.');
  // the manifest shows company A's first licence, the order is from A2
  const wrong = await manifestPdf(LIC.A, LIC.DEST);
  const r3 = await upload(Role.Admin, orderA2.id, { name: 'wrong.pdf', bytes: wrong });
  assert.equal(r3.statusCode, 409);
  assert.match(r3.json().detail, /licenses do not match/);
  assert.match(r3.json().detail, new RegExp(LIC.A2));
  const same = await stored(orderA2.id);
  assert.equal(same.version, before.version, 'nothing written on refusal');
  assert.equal(same.history.length, before.history.length);
  assert.equal(same.manifest?.current, undefined);
  const r4 = await upload(Role.Admin, orderA2.id, { name: 'wrong.pdf', bytes: wrong }, true);
  assert.equal(r4.statusCode, 200, r4.body);
  assert.equal(r4.json().data.manifest.licencesMatch, false);
  const after = await stored(orderA2.id);
  assert.equal(after.version, before.version + 1);
  const entries = after.history.filter((h: any) => h.action === 'manifest-uploaded');
  assert.equal(entries.length, 1, 'the ledger once');
  assert.equal(entries[0].by.name, 'Ada Admin');
});

test('a 60 MB file is a 413 problem and nothing is written', async () => {
  const before = await stored(orderNone.id);
  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60 * 1024 * 1024, 0x20)]);
  const res = await upload(Role.Admin, orderNone.id, { name: 'big.pdf', bytes: big });
  assert.equal(res.statusCode, 413);
  assert.match(res.headers['content-type'] as string, /problem\+json/);
  assert.equal(res.json().detail, 'The manifest is larger than 20 MB.');
  assert.equal((await stored(orderNone.id)).version, before.version);
});

test('role × tenant: another company and an unassigned driver never reach the manifest', async () => {
  // Bea Buyer (role 4) is company B; the order is A's
  const url = await call(app, Role.User, 'GET', `/api/orders/${orderA.id}/manifest`);
  assert.equal(url.statusCode, 404);
  assert.equal(url.json().detail, 'Order not found');
  const redirect = await call(app, Role.User, 'GET', `/api/orders/${orderA.id}/manifest?redirect=true`);
  assert.equal(redirect.statusCode, 404);
  assert.equal(redirect.headers.location, undefined);
  assert.equal((await call(app, Role.Driver, 'GET', `/api/orders/${orderA.id}/manifest`)).statusCode, 404);
  const up = await upload(Role.User, orderA.id, { name: 'x.pdf', bytes: await manifestPdf(LIC.A, LIC.DEST) });
  assert.equal(up.statusCode, 404);
  const merge = await call(app, Role.User, 'POST', '/api/orders/mergePdfs', { ids: [orderA.id] });
  assert.equal(merge.statusCode, 404);
  const list = await call(app, Role.User, 'GET', '/api/orders/manifests');
  assert.equal(list.json().data.total, 0);
  const zip = await call(app, Role.User, 'GET', `/api/orders/manifests.zip?ids=${orderA.id}`);
  assert.equal(Object.keys((await JSZip.loadAsync(zip.rawPayload)).files).length, 0);
  // the object itself is not public: its bare address answers no bytes
  const o = await stored(orderA.id);
  const bare = await fetch(
    `http://${app.env.S3_ENDPOINT}:${app.env.S3_PORT}/manifests/${o.manifest.current.key}`,
  );
  assert.notEqual(bare.status, 200);
});

test('view: the owner, staff and the assigned driver get a 5-minute download URL of exactly the stored bytes', async () => {
  const res = await call(app, Role.AccountAdmin, 'GET', `/api/orders/${orderA.orderId}/manifest`);
  assert.equal(res.statusCode, 200, res.body);
  const { url, sha256: sha, expiresAt } = res.json().data;
  assert.match(url, /X-Amz-Expires=300/);
  // on the portal's own address (the edge's /files/), not the store's 127.0.0.1:9100: it opens from any machine
  assert.ok(url.startsWith(`${String(app.env.S3_PUBLIC_URL)}/`), url);
  // never inline: an uploaded PDF may carry JavaScript (View Manifest shows ?stream=true's bytes from a blob)
  assert.match(url, /response-content-disposition=attachment/);
  const dl = await call(app, Role.AccountAdmin, 'GET', `/api/orders/${orderA.id}/manifest?download=true`);
  assert.match(dl.json().data.url, /response-content-disposition=attachment/);
  assert.ok(Date.parse(expiresAt) - Date.now() <= 300_000);
  const got = Buffer.from(await (await fetch(url)).arrayBuffer());
  assert.equal(sha256(got), sha);
  const redirect = await call(app, Role.Admin, 'GET', `/api/orders/${orderA.id}/manifest?redirect=true`);
  assert.equal(redirect.statusCode, 302);
  assert.match(redirect.headers.location as string, /X-Amz-Signature=/);
  const none = await call(app, Role.Admin, 'GET', `/api/orders/${orderNone.id}/manifest`);
  assert.deepEqual([none.statusCode, none.json().detail], [404, 'This order has no manifest yet.']);
  const signed = await call(app, Role.Admin, 'GET', `/api/orders/${orderA.id}/manifest?signed=0`);
  assert.deepEqual(
    [signed.statusCode, signed.json().detail],
    [404, 'This order has no such signed manifest.'],
  );
  await fixtureWrite(orderA.id, { $set: { driverIds: [DRIVER_ID, ''] } });
  assert.equal((await call(app, Role.Driver, 'GET', `/api/orders/${orderA.id}/manifest`)).statusCode, 200);
});

test('merge: one PDF of the manifests in order, missing ones answered; the check lists them', async () => {
  const ids = [orderA.id, orderNone.orderId, orderA2.orderId];
  const check = await call(app, Role.Admin, 'POST', '/api/orders/mergePdfs', { ids, check: true });
  assert.deepEqual(check.json().data, {
    withManifest: [orderA.orderId, orderA2.orderId],
    missing: [orderNone.orderId],
  });
  const res = await call(app, Role.Admin, 'POST', '/api/orders/mergePdfs', { ids });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/pdf');
  assert.equal(res.headers['x-missing-manifests'], orderNone.orderId);
  assert.equal((await PDFDocument.load(res.rawPayload)).getPageCount(), 3, '2 pages + 1 page');
  const none = await call(app, Role.Admin, 'POST', '/api/orders/mergePdfs', { ids: [orderNone.id] });
  assert.equal(none.statusCode, 404);
});

test('download list and zip: the vendor’s outgoing manifests, streamed, each entry the stored bytes', async () => {
  const list = await call(app, Role.AccountAdmin, 'GET', '/api/orders/manifests');
  const rows = list.json().data.rows;
  assert.deepEqual(rows.map((r: any) => r.orderId).sort(), [orderA.orderId, orderA2.orderId].sort());
  assert.equal(list.json().data.pageSize, 250);
  const incoming = await call(app, Role.AccountAdmin, 'GET', '/api/orders/manifests?incoming=true');
  assert.equal(incoming.json().data.total, 0);
  const search = await call(app, Role.Admin, 'GET', `/api/orders/manifests?search=${orderA2.orderId}`);
  assert.deepEqual(
    search.json().data.rows.map((r: any) => r.orderId),
    [orderA2.orderId],
  );
  const res = await call(app, Role.AccountAdmin, 'GET', '/api/orders/manifests.zip');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/zip');
  const zip = await JSZip.loadAsync(res.rawPayload);
  const names = Object.keys(zip.files).sort();
  assert.deepEqual(names, [`${orderA.orderId}-manifest A.pdf`, `${orderA2.orderId}-wrong.pdf`].sort());
  const a = await zip.file(`${orderA.orderId}-manifest A.pdf`)!.async('nodebuffer');
  assert.equal(sha256(a), (await stored(orderA.id)).manifest.current.sha256);
});
