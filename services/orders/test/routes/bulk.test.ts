import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import mongoose from 'mongoose';
import { OrderMessages, Role, type RoleNumber } from '@portal/contracts';
import { buildService, type Env } from '@portal/service-kit';
import { serviceBasics, tokenFor, waitFor, type Policy } from '@portal/service-kit/testing';
import { bulkRoutes, TOO_LARGE } from '../../src/routes/bulk.js';
import { workers } from '../../src/jobs/index.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { Licence } from '../../src/models/licence.js';
import { BulkPayload, BulkRow, BulkUpload } from '../../src/domain/bulk/store.js';
import { BULK_HEADINGS, BULK_MAX_FILE_BYTES, BULK_MAX_ROWS } from '../../src/domain/bulk/columns.js';
import { BULK_QUEUE } from '../../src/domain/bulk/upload.js';
import { readSheet } from '../../src/domain/bulk/parse.js';
import { checkUpload } from '../../src/domain/bulk/run.js';
import { notYourLicence } from '../../src/domain/bulk/check.js';
import { DELIVERY, csv, inDays, row, workbook, zipsServedOn, type Cell } from '../fixtures/bulk/files.js';

const POLICY: Policy = {
  'POST /api/orders/bulk': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'GET /api/orders/bulk/:jobId': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'GET /api/orders/template.xlsx': 'public',
};
// The upload's routes and worker on their own database and queue prefix (the stack's orders service never sees them).
const buildBulkApp = (overrides?: Partial<Env> & Record<string, unknown>) =>
  buildService(
    { name: 'orders', domain: 'orders', routes: [bulkRoutes], backends: ['mongo', 'redis'], workers },
    overrides,
  );
const app = serviceBasics(buildBulkApp, POLICY, {
  MONGO_DB: 'portal_orders_bulk_test',
  QUEUE_PREFIX: 'portal-orders-bulk-test',
});

// Two vendor companies (the demo account admin's A, the demo standard user's B) and three receivers.
const A = 'BLK-A-100';
const B = 'BLK-B-200';
const DEST = ['DST-1', 'DST-2', 'DST-3'];
const subOf = async (role: RoleNumber) =>
  JSON.parse(Buffer.from((await tokenFor(role)).split('.')[1], 'base64url').toString()).sub as string;
const licence = (lic: string, zip: string) => ({
  licenseKey: lic,
  'License #': lic,
  Licensee: `${lic} Inc`,
  DBA: `${lic} DBA`,
  'Street Address': '1 Main St',
  City: 'Albuquerque',
  Zip: zip,
});

before(async () => {
  await Promise.all(
    [Order, Member, Licence, BulkRow, BulkUpload, BulkPayload].map((m) => (m as any).deleteMany({})),
  );
  // receivers in zips a real route serves on the fixture's delivery day (the day rule of vendors' rows)
  const zips = await zipsServedOn(DELIVERY, DEST.length, `Bearer ${await tokenFor(Role.Admin)}`);
  await Licence.insertMany([
    licence(A, '87101'),
    licence(B, '87102'),
    ...DEST.map((d, i) => licence(d, zips[i]!)),
  ]);
  for (const [role, company, name] of [
    [Role.AccountAdmin, A, 'Ann Vendor'],
    [Role.User, B, 'Bob Vendor'],
  ] as const) {
    const sub = await subOf(role);
    await Member.updateOne(
      { userId: sub },
      { $set: { sub, name, role, companyKeys: [company] } },
      { upsert: true },
    );
  }
});

async function upload(role: RoleNumber, name: string, bytes: Buffer, mode = '') {
  const boundary = '----bulk' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return app().inject({
    method: 'POST',
    url: `/api/orders/bulk${mode ? `?mode=${mode}` : ''}`,
    headers: {
      authorization: `Bearer ${await tokenFor(role)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
const rowsFor = (pickup: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => row(pickup, DEST[i % DEST.length], from + i));
const ordersOf = (lic: string) => Order.countDocuments({ 'data.order.pickupLN': lic });

test("a 200-row xlsx with 3 bad rows: all-or-nothing saves none and names each bad row in the spec's words", async () => {
  const rows: Cell[][] = rowsFor(A, 200);
  rows[9] = row(A, 'NOPE-999', 9); // sheet row 11
  rows[49] = row(A, DEST[0], 49, { 5: inDays(-3), 6: inDays(-4) }); // row 51
  rows[119] = row(A, DEST[1], 119, { 7: 'abc' }); // row 121
  const file = workbook(rows, 'xlsx');
  const res = await upload(Role.AccountAdmin, 'orders.xlsx', file);
  assert.equal(res.statusCode, 400, res.body);
  const body = res.json();
  assert.equal(body.detail, 'Unable to process spreadsheet: 3 of 200 rows have errors; no order was saved');
  assert.deepEqual(
    body.data.errors.map((e: { row: number; messages: string[] }) => [e.row, e.messages]),
    [
      [11, [OrderMessages.bulkDestinationNotFound]],
      [51, [OrderMessages.deliveryInPast, OrderMessages.pickupInPast]],
      [121, ['Weight/BoxCount must be a whole number of boxes, 1 or more: "abc"']],
    ],
  );
  assert.equal(body.data.saved, 0);
  assert.equal(await ordersOf(A), 0, 'nothing written');
  assert.equal(await BulkRow.countDocuments({}), 0, 'no row claimed');

  // "save the good rows": exactly the 197 others, each named by its sheet row
  const good = await upload(Role.AccountAdmin, 'orders.xlsx', file, 'goodRows');
  assert.equal(good.statusCode, 200, good.body);
  const r = good.json().data;
  assert.equal(r.saved, 197);
  assert.deepEqual(
    r.errors.map((e: { row: number }) => e.row),
    [11, 51, 121],
  );
  assert.deepEqual(
    r.savedRows.map((s: { row: number }) => s.row),
    Array.from({ length: 200 }, (_, i) => i + 2).filter((n) => ![11, 51, 121].includes(n)),
  );
  assert.equal(await ordersOf(A), 197);
  const one = await Order.findById(r.savedRows[0].id).lean<any>();
  assert.equal(one.orderId, r.savedRows[0].orderId);
  assert.match(one.data.order.preferredDelivery, /T04:00:00\.000Z$/, 'the sheet date + 4 hours');
  assert.equal(
    one.data.destCompany.Licensee,
    `${DEST[0]} Inc`,
    'the destination copied from the licence list',
  );
  assert.equal(one.data.billing.method, 'Net Terms');
  assert.equal(one.history.at(-1).source, 'bulk');

  // the same file again: nothing new, the saved rows reported as already there
  const again = await upload(Role.AccountAdmin, 'orders.xlsx', file, 'goodRows');
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.json().data.saved, 0);
  assert.equal(again.json().data.already, 197);
  assert.equal(await ordersOf(A), 197, 're-uploading creates no duplicates');
});

test('csv and xls are read like xlsx; staff may upload for any company', async () => {
  const c = await upload(Role.Admin, 'a.csv', csv(rowsFor(B, 4, 500).map((r) => r.map((v) => String(v)))));
  assert.equal(c.statusCode, 200, c.body);
  assert.equal(c.json().data.saved, 4);
  const x = await upload(Role.Admin, 'a.xls', workbook(rowsFor(B, 3, 600), 'xls'));
  assert.equal(x.statusCode, 200, x.body);
  assert.equal(x.json().data.saved, 3);
  assert.equal(await ordersOf(B), 7);
});

test('role × tenant: a vendor uploads only from its own licences; drivers are refused', async () => {
  const before = await Order.countDocuments({});
  const res = await upload(Role.User, 'theirs.csv', csv(rowsFor(A, 2, 700).map((r) => r.map(String))));
  assert.equal(res.statusCode, 400, res.body);
  assert.deepEqual(
    res.json().data.errors.map((e: { messages: string[] }) => e.messages),
    [[notYourLicence(A)], [notYourLicence(A)]],
  );
  const driver = await upload(Role.Driver, 'd.csv', csv(rowsFor(A, 1, 710).map((r) => r.map(String))));
  assert.equal(driver.statusCode, 403);
  assert.equal(await Order.countDocuments({}), before, 'nothing written');
});

test("bad input is a 4xx in the spec's words with nothing written: oversize, too many rows, a formula, wrong types, not a sheet", async () => {
  const before = await Order.countDocuments({});
  const big = Buffer.concat([
    Buffer.from(`${BULK_HEADINGS.join(',')}\n`),
    Buffer.alloc(BULK_MAX_FILE_BYTES, 'x'),
  ]);
  const tooBig = await upload(Role.AccountAdmin, 'big.csv', big);
  assert.equal(tooBig.statusCode, 413);
  assert.equal(tooBig.json().detail, TOO_LARGE);
  assert.equal(
    TOO_LARGE,
    'Unable to process spreadsheet: the file is larger than 4 MB; split it into smaller files',
  );

  const many = await upload(
    Role.AccountAdmin,
    'many.csv',
    csv(rowsFor(A, BULK_MAX_ROWS + 1).map((r) => r.map(String))),
  );
  assert.equal(many.statusCode, 400);
  assert.match(many.json().detail, /^Unable to process spreadsheet: the file has more than 5,000 rows/);

  const formula = await upload(
    Role.AccountAdmin,
    'f.xlsx',
    workbook([row(A, DEST[0], 800, { 8: { f: 'A1*2', v: 20 } })], 'xlsx'),
  );
  assert.equal(formula.statusCode, 400);
  assert.deepEqual(formula.json().data.errors[0].messages, [
    'Billing Amount: formulas are not accepted (cell I2); enter the value itself',
  ]);

  const types = await upload(
    Role.AccountAdmin,
    't.csv',
    csv([row(A, DEST[0], 801, { 5: 'next week', 8: 'lots' }).map(String)]),
  );
  assert.equal(types.statusCode, 400);
  assert.deepEqual(types.json().data.errors[0].messages, [
    'Prefered Delivery Date is not a date (YYYY-MM-DD or M/D/YYYY): "next week"',
    'Billing Amount must be an amount in US dollars: "lots"',
  ]);
  const pdf = await upload(Role.AccountAdmin, 'm.pdf', Buffer.from('%PDF-1.4'));
  assert.equal(pdf.statusCode, 400);
  assert.equal(pdf.json().detail, 'Unable to process spreadsheet: only csv, xlsx and xls files are accepted');
  assert.equal(await Order.countDocuments({}), before);
});

test('a large file runs as a job: jobId at once, progress to 100, the result; only the uploader or staff may read it', async () => {
  const file = workbook(rowsFor(A, 260, 1000), 'xlsx');
  const res = await upload(Role.AccountAdmin, 'large.xlsx', file);
  assert.equal(res.statusCode, 202, res.body);
  const { jobId } = res.json().data;
  assert.match(jobId, /^[0-9a-f-]{36}$/);
  const job = await (await app().jobs.queue(BULK_QUEUE)).getJob(jobId);
  assert.deepEqual(
    Object.keys(job!.data).filter((k) => k !== '_trace'),
    ['uploadId'],
    'no token or caller in Redis',
  );
  const seen: number[] = [];
  const poll = async (role: RoleNumber) =>
    app().inject({
      url: `/api/orders/bulk/${jobId}`,
      headers: { authorization: `Bearer ${await tokenFor(role)}` },
    });
  const done = await waitFor(async () => {
    const p = (await poll(Role.AccountAdmin)).json().data;
    seen.push(p.progress);
    return p.state === 'completed' ? p : undefined;
  }, 60_000);
  assert.equal(done.progress, 100);
  assert.equal(done.result.saved, 260);
  assert.equal(done.result.jobId, jobId);
  assert.ok(
    seen.every((p, i) => i === 0 || p >= seen[i - 1]),
    `progress never goes back: ${seen}`,
  );
  assert.equal((await poll(Role.User)).statusCode, 404, "another company's upload is not found");
  assert.equal((await poll(Role.Admin)).statusCode, 200);
  const again = await upload(Role.AccountAdmin, 'large.xlsx', file);
  assert.equal(again.statusCode, 200, 'nothing left to save: answered at once');
  assert.equal(again.json().data.already, 260);
});

test('Download Template: the headings and one example row, no login needed', async () => {
  const res = await app().inject({ url: '/api/orders/template.xlsx' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /spreadsheetml/);
  const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  assert.deepEqual(aoa[0], BULK_HEADINGS);
  assert.equal(aoa.length, 2);
});

test("a claim whose order never came: a write in flight while fresh, saved again once stale (a crash's leftover)", async () => {
  const rows = readSheet(
    'c.csv',
    csv([row(A, DEST[0], 900), row(A, DEST[0], 901)].map((r) => r.map(String))),
  );
  const hash = 'c'.repeat(64);
  const claim = (r: number, createdAt: Date) => ({
    _id: `${hash}:${r}`,
    fileHash: hash,
    row: r,
    orderRef: new mongoose.Types.ObjectId().toHexString(),
    orderId: `G-CLAIM-${r}`,
    userId: 'u',
    uploadId: 'x',
    createdAt,
  });
  await BulkRow.collection.insertMany([
    claim(2, new Date()),
    claim(3, new Date(Date.now() - 10 * 60_000)),
  ] as never[]);
  const caller = { userId: 'u', name: 'U', role: Role.Admin, companyKeys: [] };
  const checked = await checkUpload(rows, hash, caller, { check: async () => new Map() });
  assert.deepEqual(
    checked.alreadyRows.map((r) => r.row),
    [2],
    'the fresh claim: in flight, not saved twice',
  );
  assert.deepEqual(
    checked.good.map((r) => r.row),
    [3],
    'the stale one: saved again',
  );
  assert.equal(await BulkRow.countDocuments({ fileHash: hash }), 1, 'the stale claim is dropped');
});

test('a suspended account is blocked from ordering (orders §6), in the spec-derived words, nothing written', async () => {
  const sub = await subOf(Role.User);
  const before = await Order.countDocuments({});
  await Member.updateOne({ sub }, { $set: { suspended: true } });
  try {
    const res = await upload(Role.User, 's.csv', csv([row(B, DEST[0], 950).map(String)]));
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(res.json().detail, OrderMessages.suspended);
  } finally {
    await Member.updateOne({ sub }, { $set: { suspended: false } });
  }
  assert.equal(await Order.countDocuments({}), before);
});
