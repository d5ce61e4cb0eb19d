import { test } from 'node:test';
import assert from 'node:assert/strict';
import { centsOf, matchesCustomer } from '@portal/contracts/billing';
import { monthsOf, rowOf, totalsOf, cursorOf, compareRows } from '../../src/domain/recon/rules.js';
import { csvCell, invoiceCsv } from '../../src/domain/recon/invoice.js';
import { chunks } from '../../src/domain/recon/print.js';
import { vendorMatches } from '../../src/adapters/accounting.js';
import { projected } from './fixtures.js';

const names = { route: (id: string) => `Route ${id}`, driver: (id: string) => `Driver ${id}` };
const row = (amount: string, o: Parameters<typeof projected>[2] = {}) =>
  rowOf(
    projected('V1', '2026-11-17', {
      ...o,
      billing: { amount, amountCents: centsOf(amount) ?? 0, ...o.billing },
    }),
    names,
    centsOf,
  );

test('totals are integer cents over awkward amounts: $1,250.50, 0.1 three times is 30 cents, blanks are 0', () => {
  const rows = [
    row('$1,250.50', { billing: { method: 'Cash 12' } }),
    row('0.1'),
    row('0.1'),
    row('0.1', { route: 'r2' }),
    row('', { billing: { method: '' } }),
    row('12.345'), // rounds half up on the third decimal: 1235
  ];
  const t = totalsOf(rows);
  assert.equal(t.count, 6);
  assert.equal(t.amountCents, 125050 + 30 + 1235);
  assert.deepEqual(
    t.byMethod,
    [
      { method: 'Cash 12', count: 1, amountCents: 125050 },
      { method: 'Net Terms', count: 4, amountCents: 30 + 1235 },
      { method: 'No method', count: 1, amountCents: 0 },
    ].sort((a, b) => a.method.localeCompare(b.method)),
  );
  assert.deepEqual(
    t.byRoute.map((r) => [r.routeName, r.count, r.amountCents]),
    [
      ['Route r1', 5, 125050 + 20 + 1235],
      ['Route r2', 1, 10],
    ],
  );
});

test('only delivered and rejected orders count; others are listed with counted false; the cents come from the facts', () => {
  assert.equal(row('5', { status: 3 }).counted, true);
  assert.equal(row('5', { status: 5 }).counted, true);
  assert.equal(row('5', { status: 6 }).counted, true);
  for (const s of [0, 1, 2, 4, 7]) assert.equal(row('5', { status: s }).counted, false, `status ${s}`);
  assert.equal(totalsOf([row('5', { status: 2 }), row('7')]).amountCents, 700);
  // a stale block without cents falls back to the typed amount
  const r = rowOf(
    projected('V1', '2026-11-17', { billing: { amount: '2.50', amountCents: undefined as never } }),
    names,
    centsOf,
  );
  assert.equal(r.amountCents, 250);
  assert.equal(r.routeName, 'Route r1');
  assert.equal(r.driverName, 'Driver d1');
});

test('a range reads the months it touches, in order, across a year end', () => {
  assert.deepEqual(monthsOf('2026-11-30', '2026-12-06'), ['2026-11', '2026-12']);
  assert.deepEqual(monthsOf('2025-11-15', '2026-02-01'), ['2025-11', '2025-12', '2026-01', '2026-02']);
  assert.deepEqual(monthsOf('2026-11-16', '2026-11-22'), ['2026-11']);
});

test('rows sort by delivery day then id; the cursor is that key', () => {
  const a = { ...row('1'), deliveryDay: '2026-11-18', id: 'a' };
  const b = { ...row('1'), deliveryDay: '2026-11-17', id: 'z' };
  assert.deepEqual([a, b].sort(compareRows).map(cursorOf), ['2026-11-17|z', '2026-11-18|a']);
});

test('CSV cells: RFC 4180 quoting and the formula-injection guard', () => {
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  for (const s of ['+1', '-2', '@SUM(A1)']) assert.equal(csvCell(s), `'${s}`);
  assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
});

test('the CSV carries the screen totals, CRLF line ends', () => {
  const rows = [row('$1,250.50', { billing: { method: 'Cash 12' } }), row('0.1'), row('0.1'), row('0.1')];
  const csv = invoiceCsv({
    vendor: { licenseNumber: 'V1', name: '=Evil Co', registered: true },
    from: '2026-11-16',
    to: '2026-11-22',
    rows,
    totals: totalsOf(rows),
    reportBy: '2026-11-25T10:30:00.000Z',
  });
  const lines = csv.split('\r\n');
  assert.equal(lines[0], "Vendor,'=Evil Co,License,V1,Period,2026-11-16 to 2026-11-22");
  assert.ok(lines.includes('Cash 12,1,1250.50'));
  assert.ok(lines.includes('Net Terms,3,0.30'));
  assert.ok(lines.includes('Total,4,1250.80'));
  // orders §9: the discrepancy notice closes the invoice
  assert.ok(
    lines.includes('"Vendor discrepancies must be reported within 48 hours, by 2026-11-25 10:30 UTC."'),
  );
});

test('stamp events carry at most 250 ids each', () => {
  const ids = Array.from({ length: 601 }, (_, i) => String(i));
  assert.deepEqual(
    chunks(ids, 250).map((c) => c.length),
    [250, 250, 101],
  );
});

test('one matching rule: accounts and billing use contracts matchesCustomer', () => {
  const customers = [{ name: 'Harbor Light Dispensary' }, { name: '', email: 'ap@x.example' }];
  assert.equal(vendorMatches('harbor-light dispensary', customers), true);
  assert.equal(vendorMatches('Nobody Inc', customers), false);
  assert.equal(matchesCustomer({ email: 'AP@x.example' }, customers), true);
});
