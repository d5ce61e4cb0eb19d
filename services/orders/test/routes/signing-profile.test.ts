// "My saved signature" over the real stack: the profile keeps its signature as accounts' file address (what the
// profile's upload answers and user events carry), not as a data URL. Signing with it must stamp the saved picture;
// an address that is not accounts' file route, or a file that is gone, is a clear 400 and nothing is written.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role, SigningMessages as SM } from '@portal/contracts';
import { withDocLock } from '@portal/service-kit';
import { startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { manifestKey, putPdf } from '../../src/domain/manifests/store.js';
import { profileImageUrl } from '../../src/domain/signing/profile-image.js';
import { DRIVER_ID, LIC, SIGNATURE, suiteEnv, call, orderInput, seedReadModels } from './order-helpers.js';
import { PNG_DATA_URL, manifestPdf } from '../domain/signing-fixtures.js';

const ENV = suiteEnv('signing-profile');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let app: FastifyInstance;
let appUrl = '';
before(async () => {
  app = await startService(buildApp, ENV);
  appUrl = String(app.env.APP_URL).replace(/\/$/, '');
  await seedReadModels();
});
after(() => app?.close());

/** An approved order of the test driver with a manifest (fixture written in the document's outbox turn). */
async function order(): Promise<string> {
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', {
    order: orderInput({ destinationLN: LIC.B }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const id = res.json().data.order.id as string;
  const pdf = await manifestPdf('MANIFEST PROFILE');
  const key = manifestKey(id, sha(pdf));
  await putPdf(app, key, pdf);
  const set = {
    'data.order.status': OrderStatus.approved,
    status: OrderStatus.approved,
    'data.order.driver': { pickup: DRIVER_ID, delivery: DRIVER_ID },
    driverIds: [DRIVER_ID],
    manifest: {
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
    },
  };
  await withDocLock(Order.collection.collectionName, id, () => Order.updateOne({ _id: id }, { $set: set }));
  return id;
}
const savedSignature = (image: string) =>
  Member.updateOne({ driverId: DRIVER_ID }, { $set: { signature: { ...SIGNATURE, image } } });
const signAsDriver = (id: string) =>
  call(app, Role.Driver, 'POST', '/api/orders/signmanifest', {
    ids: [id],
    kind: 'driver',
    name: 'Dee Driver',
    signature: { profile: true },
  });

test('the saved signature as the profile stores it (accounts file address) signs the manifest with its picture', async () => {
  // the profile's own upload, as the signature pad saves it
  const up = await fetch(`${appUrl}/api/utils/uploadfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenFor(Role.Driver)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file: PNG_DATA_URL, kind: 'signature' }),
  });
  assert.equal(up.status, 200, await up.clone().text());
  const stored = ((await up.json()) as { data: { result: string } }).data.result;
  assert.match(stored, /\/api\/utils\/file\/uploads\/[0-9a-f-]{36}\.png$/);
  await savedSignature(stored);

  const id = await order();
  const res = await signAsDriver(id);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, '1 manifest(s) out of 1 were signed');
  const after = await Order.findById(id).lean<any>();
  assert.equal(after.manifest.signed.length, 1);
  assert.equal(after.data.order.signature.driver.image, PNG_DATA_URL, 'the saved picture, as bytes');
  const png = Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64');
  assert.equal(res.json().data.signed[0].signatureSha256, sha(png));
});

test('a saved signature that cannot be read: 400 with the message, nothing written', async () => {
  const id = await order();
  const before = (await Order.findById(id).lean<any>()).version;
  for (const image of [
    'http://169.254.169.254/latest/meta-data/x.png', // not accounts' file route
    `${appUrl}/api/utils/file/uploads/00000000-0000-4000-8000-000000000000.png`, // gone
  ]) {
    await savedSignature(image);
    const res = await signAsDriver(id);
    assert.equal(res.statusCode, 400, `${image}: ${res.body}`);
    assert.equal(res.json().detail, SM.profileUnreadable);
  }
  assert.equal((await Order.findById(id).lean<any>()).version, before);
});

test('profileImageUrl: only the bucket and key of accounts’ file route, on the portal’s own address', () => {
  const key = '0f8fad5b-d9cb-469f-a165-70867728950e.png';
  const base = 'http://portal.test';
  assert.equal(
    profileImageUrl(`http://elsewhere:9100/api/utils/file/uploads/${key}`, base),
    `${base}/api/utils/file/uploads/${key}`,
  );
  assert.equal(
    profileImageUrl(`/api/utils/file/uploads/${key}`, base),
    `${base}/api/utils/file/uploads/${key}`,
  );
  for (const bad of [
    `${base}/api/utils/file/uploads/../../admin/${key}`,
    `${base}/api/orders/file/uploads/${key}`,
    `${base}/api/utils/file/secrets/${key}`,
    'javascript:alert(1)',
  ])
    assert.equal(profileImageUrl(bad, base), null, bad);
});
