import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { buildService, type Env } from '@portal/service-kit';
import {
  markVerified,
  ownRedis,
  startService,
  subOf,
  tokenFor,
  waitFor,
  type OwnRedis,
} from '@portal/service-kit/testing';
import { bulkRoutes } from '../../src/routes/bulk.js';
import { workers } from '../../src/jobs/index.js';
import { jobsRecovery, requeueUnfinished } from '../../src/jobs/recovery.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { Licence } from '../../src/models/licence.js';
import { BulkPayload, BulkRow, BulkUpload } from '../../src/domain/bulk/store.js';
import { DELIVERY, row, workbook, zipsServedOn } from '../fixtures/bulk/files.js';

/**
 * A 600-row upload (a job: more than 200 rows) while Redis restarts EMPTY under it (its own redis-server, no
 * persistence): the upload completes, every row saved once. It used to stay at "waiting 83 %" forever (its job lived
 * only in Redis). And an upload whose job Redis lost before any worker took it is queued again from its document.
 */
const buildBulkApp = (overrides?: Partial<Env> & Record<string, unknown>) =>
  buildService(
    {
      name: 'orders',
      domain: 'orders',
      routes: [bulkRoutes, jobsRecovery],
      backends: ['mongo', 'redis'],
      workers,
    },
    overrides,
  );
let app: Awaited<ReturnType<typeof startService>>;
let redis: OwnRedis;
const VENDOR = 'BLK-RR-VND';
const DEST = Array.from({ length: 6 }, (_, i) => `DST-RR-${i}`);
const ROWS = 600;

before(async () => {
  redis = await ownRedis();
  await markVerified(subOf(await tokenFor(Role.AccountAdmin)), true, redis.url);
  app = await startService(buildBulkApp, {
    MONGO_DB: 'portal_orders_bulkredis_test',
    QUEUE_PREFIX: 'portal-orders-bulkredis-test',
    REDIS_URL: redis.url,
  });
  await Promise.all(
    [Order, Member, Licence, BulkRow, BulkUpload, BulkPayload].map((m) => (m as any).deleteMany({})),
  );
  const lic = (l: string, zip: string) => ({
    licenseKey: l,
    'License #': l,
    Licensee: l,
    DBA: l,
    'Street Address': '1 Main',
    City: 'Albuquerque',
    Zip: zip,
  });
  const zips = await zipsServedOn(DELIVERY, DEST.length, `Bearer ${await tokenFor(Role.Admin)}`);
  await Licence.insertMany([lic(VENDOR, '87101'), ...DEST.map((d, i) => lic(d, zips[i]!))]);
  const sub = subOf(await tokenFor(Role.AccountAdmin));
  await Member.updateOne(
    { userId: sub },
    { $set: { sub, name: 'Restart Vendor', role: 3, companyKeys: [VENDOR] } },
    { upsert: true },
  );
});
after(async () => {
  await app?.close();
  await redis?.stop();
});

const auth = async () => ({ authorization: `Bearer ${await tokenFor(Role.AccountAdmin)}` });
async function upload(first: number): Promise<string> {
  const file = workbook(
    Array.from({ length: ROWS }, (_, i) => row(VENDOR, DEST[i % DEST.length], first + i)),
    'xlsx',
  );
  const boundary = '----restart';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="600.xlsx"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/bulk',
    headers: { ...(await auth()), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  assert.equal(res.statusCode, 202, res.body.slice(0, 600));
  return res.json().data.jobId as string;
}
const view = async (jobId: string) =>
  (await app.inject({ url: `/api/orders/bulk/${jobId}`, headers: await auth() })).json().data;
async function finished(jobId: string) {
  return waitFor(
    async () => {
      const p = await view(jobId);
      return p.state === 'completed' || p.state === 'failed' ? p : undefined;
    },
    180_000,
    250,
  );
}

test(
  'Redis restarts empty in the middle of a 600-row upload: it completes, every row saved once',
  { timeout: 240_000 },
  async () => {
    const jobId = await upload(0);
    await waitFor(
      async () => (await BulkUpload.findById(jobId).lean<{ state: string }>())?.state === 'active',
      60_000,
      50,
    );
    await redis.restart();
    await markVerified(subOf(await tokenFor(Role.AccountAdmin)), true, redis.url); // accounts' marker, written again
    const done = await finished(jobId);
    assert.equal(done.state, 'completed', done.failedReason);
    assert.equal(done.progress, 100);
    assert.equal(done.result.saved, ROWS);
    assert.equal(await Order.countDocuments({ pickupKey: VENDOR }), ROWS);
  },
);

test(
  'Redis restarts empty right after an upload was accepted (its job lost before a worker took it): it completes',
  { timeout: 240_000 },
  async () => {
    const jobId = await upload(ROWS);
    await redis.restart();
    await markVerified(subOf(await tokenFor(Role.AccountAdmin)), true, redis.url);
    await requeueUnfinished(app); // what the reconnect does too: idempotent, nothing queued twice
    const done = await finished(jobId);
    assert.equal(done.state, 'completed', done.failedReason);
    assert.equal(done.result.saved, ROWS);
    assert.equal(await Order.countDocuments({ pickupKey: VENDOR }), 2 * ROWS);
  },
);
