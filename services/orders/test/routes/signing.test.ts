// POST /api/orders/signmanifest on the real stack (FerretDB, NATS, Redis, Keycloak, the object store): role ×
// endpoint, role × kind × tenant, the signed copy in the bucket with both hashes in the order, its ledger and its
// custody event (never the image), bad input in the spec's words with nothing written, replays written once, a
// swapped file refused, a driver's signature putting the order in transit after the §4 confirmation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, OrderMessages, Role, SigningMessages as SM, Subjects } from '@portal/contracts';
import { withDocLock } from '@portal/service-kit';
import { assertRoleMatrix, startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { manifestKey, putPdf, readManifest } from '../../src/domain/manifests/store.js';
import {
  DRIVER_ID,
  LIC,
  SIGNATURE,
  suiteEnv,
  call,
  orderInput,
  publishedSince,
  seedReadModels,
} from './order-helpers.js';
import { PNG_DATA_URL, manifestPdf } from '../domain/signing-fixtures.js';

const ENV = suiteEnv('signing');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const URL = '/api/orders/signmanifest';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

/** An order from company A to company B (Bea Buyer's: the receiver), picked up by the test driver, with a manifest. */
async function order(opts: { manifest?: boolean; status?: number } = {}) {
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', {
    order: orderInput({ destinationLN: LIC.B }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const o = res.json().data.order;
  const status = opts.status ?? 7;
  const set: Record<string, unknown> = {
    'data.order.status': status,
    status,
    'data.order.driver': { pickup: DRIVER_ID, delivery: DRIVER_ID },
    driverIds: [DRIVER_ID],
  };
  if (opts.manifest !== false) {
    const pdf = await manifestPdf(`MANIFEST ${o.orderId}`);
    const key = manifestKey(o.id, sha(pdf));
    await putPdf(app, key, pdf);
    set.manifest = {
      file: 'manifest.pdf',
      current: {
        key,
        filename: 'manifest.pdf',
        sha256: sha(pdf),
        bytes: pdf.length,
        pages: 2,
        uploadedAt: new Date().toISOString(),
        uploadedBy: { userId: 'u', name: 'Val Vendor' },
        licencesMatch: true,
      },
    };
  }
  // the outbox relay rewrites the document (FerretDB): a fixture write takes the document's turn like any writer
  await withDocLock(Order.collection.collectionName, o.id, () =>
    Order.updateOne({ _id: o.id }, { $set: set }),
  );
  const doc = await Order.findById(o.id).lean<any>();
  assert.equal(doc.status, status, 'fixture written');
  return doc;
}
const sign = (role: number, ids: string[], over: Record<string, unknown> = {}) =>
  call(app, role as never, 'POST', URL, {
    ids,
    kind: 'customer',
    name: 'Bea Buyer',
    signature: { image: PNG_DATA_URL },
    ...over,
  });

test('role × endpoint: every role reaches the call (who signs what is per order, below)', async () => {
  const only = Object.create(app, {
    routeTable: { value: () => app.routeTable().filter((r: { url: string }) => r.url === URL) },
  });
  await assertRoleMatrix(only, { [`POST ${URL}`]: ALL_ROLES });
});

test('role × kind × tenant: staff either, driver as driver on their order, receiver as customer, vendor never', async () => {
  const cases: [number, 'driver' | 'customer', number, string?][] = [
    [Role.SuperAdmin, 'customer', 200],
    [Role.Admin, 'driver', 200],
    [Role.Driver, 'driver', 200],
    [Role.Driver, 'customer', 403, SM.driverKindOnly],
    [Role.User, 'customer', 200],
    [Role.User, 'driver', 403, SM.receiverKindOnly],
    [Role.AccountAdmin, 'customer', 403, SM.vendorCannotSign],
  ];
  for (const [role, kind, status, message] of cases) {
    const o = await order();
    const res = await sign(role, [String(o._id)], { kind, name: `Signer ${role}`, confirmed: true });
    assert.equal(res.statusCode, status, `role ${role} as ${kind}: ${res.body}`);
    if (message) assert.equal(res.json().detail, message);
  }
  // another company's order, another driver's order: "Order not found" (404), never a hint it exists
  const foreign = await order();
  await withDocLock(Order.collection.collectionName, String(foreign._id), () =>
    Order.updateOne({ _id: foreign._id }, { $set: { destKey: LIC.DEST, driverIds: ['someone-else'] } }),
  );
  for (const [role, kind] of [
    [Role.User, 'customer'],
    [Role.Driver, 'driver'],
  ] as const) {
    const res = await sign(role, [String(foreign._id)], { kind });
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().detail, OrderMessages.orderNotFound);
  }
});

test('the receiver signs: signed copy stored, both hashes on the order, ledger and event; the image only on the order', async () => {
  const o = await order();
  const since = new Date();
  const res = await sign(Role.User, [String(o._id)], {
    emails: ['Ext-Sign@Test.Portal'],
    tags: ['1A4FF0000000022000000123'],
    notify: true,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, '1 manifest(s) out of 1 were signed');
  const [s] = res.json().data.signed;
  assert.equal(s.replay, false);
  assert.equal(s.unsignedSha256, o.manifest.current.sha256, 'the unsigned hash is the one stored at upload');
  const stored = await readManifest(app, s.key);
  assert.equal(sha(stored), s.sha256, 'the bucket holds exactly the recorded signed copy');
  assert.ok(stored.length > (await readManifest(app, o.manifest.current.key)).length);

  const after = await Order.findById(o._id).lean<any>();
  assert.equal(after.version, o.version + 1);
  assert.equal(after.manifest.signed.length, 1);
  assert.equal(after.manifest.signed[0].signatureSha256, s.signatureSha256);
  assert.equal(after.data.order.signature.customer.name, 'Bea Buyer');
  assert.equal(after.data.order.signature.customer.image, PNG_DATA_URL);
  assert.deepEqual(after.data.order.signature.customer.tags, ['1A4FF0000000022000000123']);
  assert.equal(after.data.order.status, 7, "the receiver's signature does not move the status");
  const entry = after.history.at(-1);
  assert.equal(entry.action, 'manifest-signed');
  const changes = JSON.stringify(entry.changes);
  assert.ok(
    changes.includes(s.unsignedSha256) && changes.includes(s.signatureSha256),
    'both hashes in the ledger',
  );
  assert.ok(
    !JSON.stringify(after.history).includes('data:image'),
    'the ledger keeps [image], never the picture',
  );
  const verify = await call(app, Role.Admin, 'GET', `/api/orders/${o._id}/history/verify`);
  assert.equal(verify.json().ok, true);

  const events = (await publishedSince(app, Subjects.orderCustody, since)).filter(
    (e) => e.data.id === String(o._id),
  );
  assert.equal(events.length, 1);
  assert.equal(events[0]!.data.step, 'manifest-signed');
  assert.equal(events[0]!.data.detail.key, s.key);
  assert.equal(events[0]!.data.detail.unsignedSha256, s.unsignedSha256);
  assert.equal(
    events[0]!.data.detail.emails,
    'ext-sign@test.portal,core-3@test.portal',
    "the signer's address, then (notify) the vendor's users",
  );
  assert.ok(!JSON.stringify(events).includes('data:image'), 'no image in the event');

  // the same signing again (an offline replay, a double click): nothing written twice
  const again = await sign(Role.User, [String(o._id)], { emails: ['ext-sign@test.portal'], notify: true });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.json().data.signed[0].replay, true);
  assert.equal(again.json().data.signed[0].key, s.key);
  const same = await Order.findById(o._id).lean<any>();
  assert.equal(same.version, after.version);
  assert.equal(same.history.length, after.history.length);
});

test('bad input → the spec message, nothing written: no printed name, no manifest, no profile signature, a swapped file', async () => {
  const o = await order();
  const bare = await order({ manifest: false });
  const cases: [string, () => Promise<any>, number, string][] = [
    ['no printed name', () => sign(Role.User, [String(o._id)], { name: '  ' }), 400, SM.nameRequired],
    ['no manifest', () => sign(Role.User, [String(bare._id)]), 409, SM.noManifest],
    [
      'profile signature without one',
      () => sign(Role.User, [String(o._id)], { signature: { profile: true } }),
      400,
      OrderMessages.noSignature,
    ],
  ];
  for (const [label, run, status, message] of cases) {
    const res = await run();
    assert.equal(res.statusCode, status, `${label}: ${res.body}`);
    assert.equal(res.json().detail, message, label);
  }
  // a file swapped in the bucket under the recorded key no longer hashes to the recorded sha256: refused
  await putPdf(app, o.manifest.current.key, await manifestPdf('SWAPPED'));
  const swapped = await sign(Role.User, [String(o._id)]);
  assert.equal(swapped.statusCode, 409);
  assert.equal(swapped.json().detail, SM.manifestTampered);
  for (const x of [o, bare]) {
    const now = await Order.findById(x._id).lean<any>();
    assert.equal(now.version, x.version, 'nothing written');
    assert.equal(now.manifest?.signed?.length ?? 0, 0);
  }
});

test("the driver's signature (profile): In Transit; a delivered order only after the §4 confirmation", async () => {
  await Member.updateOne(
    { driverId: DRIVER_ID },
    { $set: { signature: { ...SIGNATURE, image: PNG_DATA_URL } } },
  );
  const o = await order({ status: 3 });
  const body = { kind: 'driver', name: 'Dee Driver', signature: { profile: true } };
  const ask = await sign(Role.Driver, [String(o._id)], body);
  assert.equal(ask.statusCode, 409);
  assert.equal(ask.json().detail, SM.backToTransit);
  assert.equal(
    (await Order.findById(o._id).lean<any>()).version,
    o.version,
    'nothing written before the answer',
  );
  const res = await sign(Role.Driver, [String(o._id)], { ...body, confirmed: true });
  assert.equal(res.statusCode, 200, res.body);
  const after = await Order.findById(o._id).lean<any>();
  assert.equal(after.data.order.status, 2);
  assert.equal(after.status, 2, 'the list key follows');
  assert.equal(after.data.order.signature.driver.image, PNG_DATA_URL, 'the profile signature');
  assert.equal(after.manifest.signed[0].kind, 'driver');
});

test('several orders: each signed or failed on its own; "{n} manifest(s) out of {total} were signed"', async () => {
  const a = await order();
  const b = await order({ manifest: false });
  const res = await sign(Role.Admin, [String(a._id), String(b._id)]);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, '1 manifest(s) out of 2 were signed');
  assert.deepEqual(res.json().data.failed, [{ id: String(b._id), status: 409, message: SM.noManifest }]);
});
