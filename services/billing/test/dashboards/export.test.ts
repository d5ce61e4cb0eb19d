import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { DashboardWords, VENDOR_EXPORT_COLUMNS } from '@portal/contracts/billing';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { LN, TEST_ENV, get, seed } from './helpers.js';

// Orders §2 "/dashboard/reports, userreports": a company's own reports exportable (CSV and xlsx) from My Reports,
// for company users (3, 4: their own company only, whatever licence they name) and staff naming a vendor.
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await seed();
});
after(() => app?.close());

const EXPORT = '/api/billing/dashboard/vendor/export';
const MARCH = 'from=2031-03-01&to=2031-03-31';
const csvRows = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));

test("orders §2 userreports: company A's account admin exports A's orders as CSV, never B's", async () => {
  for (const url of [`${EXPORT}?${MARCH}`, `${EXPORT}?${MARCH}&format=csv&vendorLN=${LN.B}`]) {
    const res = await get(app, Role.AccountAdmin, url);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.equal(
      res.headers['content-disposition'],
      'attachment; filename="my-orders-2031-03-01-2031-03-31.csv"',
    );
    const [head, ...rows] = csvRows(res.body);
    assert.deepEqual(head, [...VENDOR_EXPORT_COLUMNS]);
    // A7 is deleted, A8 is in April; A5's Exception reads as Order Approved for a company (orders §4)
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
      [
        ['A1', '2031-03-03', 'Delivered'],
        ['A2', '2031-03-03', 'Delivered'],
        ['A3', '2031-03-10', 'Delivered'],
        ['A4', '2031-03-10', 'Full Rejection'],
        ['A5', '2031-03-11', 'Order Approved'],
        ['A6', '2031-03-12', 'Order Approved'],
      ],
    );
    assert.deepEqual(rows[0]!.slice(6), ['2031-03-03', '2031-03-03', '', '0.00']);
  }
});

test("orders §2 userreports: company B's user exports B's orders as xlsx", async () => {
  const res = await get(app, Role.User, `${EXPORT}?${MARCH}&format=xlsx&vendorLN=${LN.A}`);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(
    res.headers['content-type'],
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as never);
  const sheet = book.worksheets[0]!;
  const values = sheet.getSheetValues().slice(1) as unknown[][];
  assert.deepEqual(values[0]!.slice(1), [...VENDOR_EXPORT_COLUMNS]);
  assert.deepEqual(
    values.slice(1).map((r) => [r[1], r[3]]),
    [
      ['B1', 'Delivered'],
      ['B2', 'Partial Rejection'],
      ['B3', 'Full Rejection'],
      ['B4', 'Order Cancelled'],
    ],
  );
});

test('orders §2 userreports: staff name the vendor (and see Exception); no vendor, a bad range or format is a 400; drivers 403', async () => {
  const staff = await get(app, Role.Admin, `${EXPORT}?${MARCH}&vendorLN=dash-a-1`);
  assert.equal(staff.statusCode, 200, staff.body);
  assert.match(
    String(staff.headers['content-disposition']),
    /filename="dash-a-1-orders-2031-03-01-2031-03-31\.csv"/,
  );
  assert.ok(csvRows(staff.body).some((r) => r[0] === 'A5' && r[2] === 'Exception'));
  const none = await get(app, Role.SuperAdmin, `${EXPORT}?${MARCH}`);
  assert.deepEqual([none.statusCode, none.json().message], [400, DashboardWords.chooseVendor]);
  const backwards = await get(app, Role.AccountAdmin, `${EXPORT}?from=2031-03-31&to=2031-03-01`);
  assert.deepEqual(
    [backwards.statusCode, backwards.json().message],
    [400, 'The start date must be on or before the end date.'],
  );
  const pdf = await get(app, Role.AccountAdmin, `${EXPORT}?${MARCH}&format=pdf`);
  assert.deepEqual([pdf.statusCode, pdf.json().message], [400, 'format must be csv or xlsx']);
  const driver = await get(app, Role.Driver, `${EXPORT}?${MARCH}`);
  assert.deepEqual(
    [driver.statusCode, driver.json().message],
    [403, 'You do not have permission to do this.'],
  );
});
