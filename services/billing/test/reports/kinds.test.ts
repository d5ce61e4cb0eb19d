import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, Subjects } from '@portal/contracts';
import { BillingMessages } from '@portal/contracts/billing';
import { startService } from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import {
  caller,
  clearReports,
  download,
  parseCsv,
  projected,
  publishedSince,
  readXlsx,
  reportsEnv,
  seed,
  seedNames,
  waitForRun,
} from './helpers.js';

// Each kind's rows from seeded projection docs, read back from the files a user downloads (CSV parsed, xlsx opened
// with exceljs); the completed event on the BILLING stream.
let app: FastifyInstance;
const call = caller(() => app);
const D1 = '2026-03-02';
const D2 = '2026-03-03';

before(async () => {
  app = await startService(buildApp, reportsEnv('kinds'));
  await clearReports();
  await seedNames();
  await seed([
    projected(1, D1), // delivered, every signature
    projected(2, D1, {
      status: 3,
      billing: { signatures: { pickup: true, driver: true, customer: false, dropoff: false } } as never,
    }),
    projected(3, D1, {
      status: 5,
      route: 'r2',
      deliveryDriver: 'd2',
      vendorName: '=HYPERLINK("x")',
      billing: { rejected: '2' } as never,
    }),
    projected(4, D2, { status: 6, billing: { rejected: '4' } as never }),
    projected(5, D2, { status: 1, billing: { times: {} } as never }),
    projected(6, D2, { status: 3, deleted: 1 }), // deleted: in no report
    projected(7, '2026-04-01'), // outside every range below
  ]);
});
after(() => app?.close());

const run = async (body: object) => {
  const res = await call(Role.Admin, 'POST', '/api/reports/run', body);
  assert.equal(res.statusCode, 202, res.body);
  return waitForRun(call, Role.Admin, res.json().data.report.id, ['done', 'failed']);
};
const csvOf = async (id: string) =>
  parseCsv((await download(call, Role.Admin, id, 'csv')).bytes.toString('utf8'));
const xlsxOf = async (id: string) => readXlsx((await download(call, Role.Admin, id, 'xlsx')).bytes);

test('timestamp: one day, each order with its custody times, route and driver names', async () => {
  const since = new Date();
  const res = await call(Role.Admin, 'POST', '/api/reports/timestamp', {
    selectedDate: D1,
    emails: ['books@test.portal'],
  });
  assert.equal(res.statusCode, 202);
  assert.equal(
    res.json().message,
    'Your report has started. You will receive an email when it is completed.',
  );
  const r = await waitForRun(call, Role.Admin, res.json().data.report.id, ['done', 'failed']);
  assert.equal(r.state, 'done', r.error);
  assert.equal(r.progress, 100);
  assert.equal(r.rows, 3);
  assert.equal(r.selectedDate, D1);
  assert.deepEqual(
    r.files.map((f: any) => f.format),
    ['csv', 'xlsx'],
  );
  const csv = await csvOf(r.id);
  assert.deepEqual(csv[0], [
    'Order',
    'Vendor',
    'Destination',
    'Status',
    'Route',
    'Driver',
    'Picked up (UTC)',
    'Checked in (UTC)',
    'Checked out (UTC)',
    'Delivered (UTC)',
  ]);
  assert.deepEqual(csv[1], [
    'R202603020001',
    'Green Vendor',
    'Shop One',
    'Delivered',
    'Bakersfield 16',
    'Dee Driver',
    '2026-03-02 09:05',
    '2026-03-02 10:10',
    '2026-03-02 10:40',
    '2026-03-02 11:15',
  ]);
  // a cell that a spreadsheet would run as a formula is written as text
  assert.equal(csv[3][1], `'=HYPERLINK("x")`);
  assert.deepEqual(csv[3].slice(3, 6), ['Full Rejection', 'Fresno 2', 'Sam Wheels']);
  const book = await xlsxOf(r.id);
  const sheet = book.timestamp;
  assert.equal(sheet.length, 4);
  assert.equal(sheet[1][0], 'R202603020001');
  assert.equal(sheet[3][1], '=HYPERLINK("x")', 'the xlsx keeps the text as text');

  const events = await publishedSince(app, Subjects.reportCompleted, since);
  const ev = events.find((e) => e.data.reportId === r.id);
  assert.ok(ev, 'billing.report.completed.v1 published');
  assert.equal(ev.data.title, `Timestamp report ${D1}`);
  assert.deepEqual(ev.data.emails, ['books@test.portal']);
  assert.equal(ev.data.rows, 3);
  assert.deepEqual(
    ev.data.files.map((f: any) => f.key),
    [`runs/${r.id}/${r.files[0].filename}`, `runs/${r.id}/${r.files[1].filename}`],
  );
  assert.doesNotMatch(
    JSON.stringify(ev),
    /X-Amz|Signature=|token|secret|password|Bearer/i,
    'no URL, token or secret',
  );
});

test('signature: delivered or rejected orders missing a signature; none → "No orders missing signatures"', async () => {
  const r = await run({ kind: 'signature', from: D1, to: D2 });
  assert.equal(r.rows, 1);
  const csv = await csvOf(r.id);
  assert.deepEqual(csv[1], [
    D1,
    'R202603020002',
    'Green Vendor',
    'Shop One',
    'Delivered',
    'Bakersfield 16',
    'Dee Driver',
    'customer, dropoff',
  ]);
  const none = await run({ kind: 'signature', from: D2, to: D2 });
  assert.equal(none.state, 'done');
  assert.equal(none.rows, 0);
  assert.equal(none.emptyText, BillingMessages.noMissingSignatures);
  assert.equal(none.emptyText, 'No orders missing signatures');
  assert.equal((await csvOf(none.id)).length, 1, 'only the header');
});

test('status: every live order of the range with its status; the xlsx adds counts by status', async () => {
  const r = await run({ kind: 'status', from: D1, to: D2 });
  assert.equal(r.rows, 5);
  const csv = await csvOf(r.id);
  assert.deepEqual(
    csv.slice(1).map((row) => [row[0], row[1], row[4]]),
    [
      [D1, 'R202603020001', 'Delivered'],
      [D1, 'R202603020002', 'Delivered'],
      [D1, 'R202603020003', 'Full Rejection'],
      [D2, 'R202603030004', 'Partial Rejection'],
      [D2, 'R202603030005', 'Order Approved'],
    ],
  );
  const book = await xlsxOf(r.id);
  assert.deepEqual(book['By status'], [
    ['Status', 'Orders'],
    ['Order Approved', 1],
    ['Delivered', 2],
    ['Full Rejection', 1],
    ['Partial Rejection', 1],
  ]);
});

test('deliveries: per day, per route and driver', async () => {
  const r = await run({ kind: 'deliveries', from: D1, to: D2 });
  const csv = await csvOf(r.id);
  assert.deepEqual(csv, [
    ['Delivery day', 'Route', 'Driver', 'Delivered', 'Rejected', 'Orders'],
    [D1, 'Bakersfield 16', 'Dee Driver', '2', '0', '2'],
    [D1, 'Fresno 2', 'Sam Wheels', '0', '1', '1'],
    [D2, 'Bakersfield 16', 'Dee Driver', '0', '1', '2'],
  ]);
  const book = await xlsxOf(r.id);
  assert.deepEqual(book.deliveries[1], [D1, 'Bakersfield 16', 'Dee Driver', 2, 0, 2]);
});

test('rejections: by reason code and text', async () => {
  const r = await run({ kind: 'rejections', from: D1, to: D2 });
  assert.deepEqual(await csvOf(r.id), [
    ['Reason code', 'Reason', 'Full rejections', 'Partial rejections', 'Orders'],
    ['2', 'Wrong Product on the Manifest', '1', '0', '1'],
    ['4', 'Missing Package Tags', '0', '1', '1'],
  ]);
});

test('the default range is last month; the run is titled with it', async () => {
  const res = await call(Role.Admin, 'POST', '/api/orders/signaturereport', {});
  assert.equal(res.statusCode, 202);
  const report = res.json().data.report;
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  assert.equal(report.kind, 'signature');
  assert.equal(report.from, first);
  assert.match(report.title, /^Signature report \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(report.emails, ['admin@demo.portal']);
  await waitForRun(call, Role.Admin, report.id, ['done']);
});
