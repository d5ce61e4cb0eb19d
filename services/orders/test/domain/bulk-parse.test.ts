import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as XLSX from '@e965/xlsx';
import { readSheet, formatOf } from '../../src/domain/bulk/parse.js';
import { mapRow, sheetDate, billingMethodOf } from '../../src/domain/bulk/map.js';
import { BULK_HEADINGS, BULK_MAX_ROWS } from '../../src/domain/bulk/columns.js';
import { templateWorkbook } from '../../src/domain/bulk/template.js';
import { csv, row, workbook } from '../fixtures/bulk/files.js';

const rowsOf = (name: string, bytes: Buffer) => readSheet(name, bytes).map(mapRow);

test('xlsx, xls and csv of the same rows read the same: headings mapped, dates + 4 hours, first sheet only', () => {
  const data = [row('LIC-A', 'LIC-B', 1, { 5: '2030-03-04', 6: '3/3/2030' })];
  const csvRows = data.map((r) => r.map((c) => String(c)));
  for (const [name, bytes] of [
    ['a.xlsx', workbook(data, 'xlsx')],
    ['a.xls', workbook(data, 'xls')],
    ['a.csv', csv(csvRows)],
  ] as const) {
    const [m] = rowsOf(name, bytes);
    assert.deepEqual(m.errors, [], name);
    assert.equal(m.row, 2, `${name}: the heading row is 1`);
    assert.deepEqual(
      m.input.order,
      {
        orderDef: 'ext',
        orderType: 'layover',
        pickupLN: 'LIC-A',
        destinationLN: 'LIC-B',
        notes: 'note 1',
        preferredDelivery: '2030-03-04T04:00:00.000Z',
        preferredPickup: '2030-03-03T04:00:00.000Z',
        weight: '2',
      },
      name,
    );
    assert.deepEqual(
      m.input.billing,
      {
        invoice: 'INV-1',
        method: 'Net Terms',
        methodSelect: 'net',
        methodSelectId: '',
        manifest: 'M-1',
        amount: 10.5,
      },
      name,
    );
  }
});

test('an Excel date cell is a day serial: read without time-zone shifts, plus 4 hours', () => {
  const bytes = workbook([row('A', 'B', 1, { 5: new Date(Date.UTC(2030, 0, 15)) })], 'xlsx');
  const [m] = rowsOf('d.xlsx', bytes);
  assert.equal(m.input.order.preferredDelivery, '2030-01-15T04:00:00.000Z');
  assert.equal(sheetDate(47133), '2029-01-15T04:00:00.000Z');
  assert.equal(sheetDate('2/30/2030'), null, 'no rolling over to March');
  assert.equal(sheetDate('tomorrow'), null);
  assert.equal(sheetDate(12), null, 'a box count in the date column is not a 1900 date');
});

test('"Box Count" and the correct spelling of Prefered are the same columns; unknown columns are ignored', () => {
  const headings = BULK_HEADINGS.map((h) =>
    h === 'Weight/BoxCount' ? 'Box Count' : h === 'Prefered Delivery Date' ? 'Preferred Delivery Date' : h,
  );
  const bytes = workbook([[...row('A', 'B', 1, { 7: 5 }), 'extra']], 'xlsx', [...headings, 'My column']);
  const [m] = rowsOf('h.xlsx', bytes);
  assert.equal(m.input.order.weight, '5');
  assert.ok(m.input.order.preferredDelivery);
});

test('a formula cell is refused with its cell reference, never evaluated or kept; text starting = + - @ is text', () => {
  const bytes = workbook(
    [
      row('A', 'B', 1, { 8: { f: 'SUM(1,2)', v: 3 }, 2: '=HYPERLINK("http://x","y")' }),
      row('A', 'B', 2, { 2: '-fragile', 9: '@INV' }),
    ],
    'xlsx',
  );
  const [bad, good] = rowsOf('f.xlsx', bytes);
  assert.deepEqual(bad.errors, [
    'Billing Amount: formulas are not accepted (cell I2); enter the value itself',
  ]);
  assert.equal(bad.input.billing.amount, undefined, 'the cached value is not taken either');
  assert.equal(
    bad.input.order.notes,
    '=HYPERLINK("http://x","y")',
    'a text cell that looks like a formula stays text',
  );
  assert.deepEqual(good.errors, []);
  assert.equal(good.input.order.notes, '-fragile');
  assert.equal(good.input.billing.invoice, '@INV');
  // csv is read raw: "=1+2" is the text the vendor typed
  const [c] = rowsOf('f.csv', csv([row('A', 'B', 1, { 2: '=1+2', 9: '+7' }).map(String)]));
  assert.equal(c.input.order.notes, '=1+2');
  assert.equal(c.input.billing.invoice, '+7');
});

test("wrong types: one message per cell, in the heading's words", () => {
  const bytes = csv([
    row('A', 'B', 1, { 0: 'maybe', 3: 'teleport', 5: 'soon', 7: '2.5', 8: 'ten', 10: 'Bitcoin' }).map(String),
  ]);
  const [m] = rowsOf('t.csv', bytes);
  assert.deepEqual(m.errors, [
    'Order Definition must be Internal (int) or External (ext): "maybe"',
    'Order Type must be one of layover, dropoff, sameDay, cash_return, rej_return, cash_pickup, other_return: "teleport"',
    'Prefered Delivery Date is not a date (YYYY-MM-DD or M/D/YYYY): "soon"',
    'Weight/BoxCount must be a whole number of boxes, 1 or more: "2.5"',
    'Billing Amount must be an amount in US dollars: "ten"',
    'Billing Method must be Net Terms, Check {number}, Cash {number} or Samples: "Bitcoin"',
  ]);
});

test('billing method text as the form derives it; labels of order types and definitions are accepted', () => {
  assert.deepEqual(billingMethodOf('cash 123'), {
    method: 'Cash 123',
    methodSelect: 'cash',
    methodSelectId: '123',
  });
  assert.deepEqual(billingMethodOf('Check #77'), {
    method: 'Check 77',
    methodSelect: 'check',
    methodSelectId: '77',
  });
  assert.deepEqual(billingMethodOf('samples'), {
    method: 'Samples',
    methodSelect: 'samples',
    methodSelectId: '',
  });
  assert.equal(billingMethodOf('net 5'), null);
  const [m] = rowsOf(
    'l.csv',
    csv([row('A', 'B', 1, { 0: 'Internal', 3: 'Same Day', 8: '$1,250.00' }).map(String)]),
  );
  assert.equal(m.input.order.orderDef, 'int');
  assert.equal(m.input.order.orderType, 'sameDay');
  assert.equal(m.input.billing.amount, 1250);
});

test("file-level refusals in the spec's words: format, disguised file, headings, empty, too many rows", () => {
  const msg = (fn: () => unknown) =>
    assert.throws(fn, (e: Error) => (assert.match(e.message, /^Unable to process spreadsheet: /), true));
  msg(() => readSheet('a.pdf', Buffer.from('%PDF')));
  msg(() => formatOf('a.xlsx', Buffer.from('a,b\n1,2')));
  msg(() => formatOf('a.csv', workbook([], 'xlsx')));
  assert.throws(
    () => readSheet('a.csv', Buffer.from('Foo,Bar\n1,2\n')),
    /missing: Destination License, Originating License, Prefered Delivery Date/,
  );
  assert.throws(() => readSheet('a.csv', csv([])), /no order rows/);
  const many = csv(Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => row('A', 'B', i).map(String)));
  assert.throws(() => readSheet('a.csv', many), /more than 5,000 rows/);
  assert.equal(
    readSheet('a.csv', csv(Array.from({ length: BULK_MAX_ROWS }, (_, i) => row('A', 'B', i).map(String))))
      .length,
    BULK_MAX_ROWS,
  );
});

test("blank lines are skipped; row numbers stay the sheet's", () => {
  const bytes = Buffer.from(
    `${BULK_HEADINGS.join(',')}\n${row('A', 'B', 1).join(',')}\n,,,\n\n${row('A', 'B', 2).join(',')}\n`,
  );
  assert.deepEqual(
    readSheet('b.csv', bytes).map((r) => r.row),
    [2, 5],
  );
});

test('the template: the headings in order, one example row that maps without errors', () => {
  const wb = XLSX.read(templateWorkbook(), { type: 'buffer' });
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  assert.deepEqual(aoa[0], BULK_HEADINGS);
  assert.equal(aoa.length, 2);
  const [m] = rowsOf('Template.xlsx', templateWorkbook());
  assert.deepEqual(m.errors, []);
});
