import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BillingMessages } from '@portal/contracts/billing';
import { checkEmails, daysOf, runFields } from '../../src/domain/reports/input.js';
import { csvCell, csvLine } from '../../src/domain/reports/writers.js';
import { BUILDERS, utc } from '../../src/domain/reports/kinds.js';
import { scheduledRange, SCHEDULE_PATTERNS } from '../../src/domain/reports/schedules.js';
import { progressOf } from '../../src/jobs/reports.js';

// The reports' rules without HTTP or a database.
const who = { sub: 'user-1', email: 'Admin@Demo.Portal' };
const now = new Date('2026-11-23T23:30:00Z');

test('timestamp: by default today (UTC) mailed to the caller', () => {
  const r = runFields(who, 'timestamp', {}, now);
  assert.ok(r.ok);
  assert.deepEqual(r.value, {
    requestedBy: 'user-1',
    kind: 'timestamp',
    title: 'Timestamp report 2026-11-23',
    selectedDate: '2026-11-23',
    from: '2026-11-23',
    to: '2026-11-23',
    emails: ['admin@demo.portal'],
  });
});

test('a range report defaults to last month; one end given stands for both', () => {
  const r = runFields(who, 'status', {}, now);
  assert.ok(r.ok);
  assert.deepEqual([r.value.from, r.value.to, r.value.selectedDate], ['2026-10-01', '2026-10-31', '']);
  assert.equal(r.value.title, 'Orders by status 2026-10-01 to 2026-10-31');
  const one = runFields(who, 'deliveries', { from: '2026-11-02' }, now);
  assert.ok(one.ok);
  assert.deepEqual([one.value.from, one.value.to], ['2026-11-02', '2026-11-02']);
});

test('bad dates, ranges and addresses in the billing words', () => {
  const problem = (kind: 'timestamp' | 'status', body: object) => {
    const r = runFields(who, kind, body, now);
    return r.ok ? null : r.message;
  };
  assert.equal(problem('timestamp', { selectedDate: '2026-02-29' }), BillingMessages.badDate);
  assert.equal(problem('status', { from: '2026-03-02', to: '2026-03-01' }), BillingMessages.badRange);
  assert.equal(problem('status', { from: '2025-11-01', to: '2026-11-02' }), BillingMessages.rangeTooLong);
  assert.equal(problem('status', { from: '2025-11-01', to: '2026-11-01' }), null, '366 days is fine');
  assert.deepEqual(checkEmails(['a@x.com', 'A@x.com ', 'b@x.com'], 'me@x.com'), {
    ok: true,
    value: ['a@x.com', 'b@x.com'],
  });
  assert.deepEqual(checkEmails([], 'Me@x.com'), { ok: true, value: ['me@x.com'] });
  assert.deepEqual(checkEmails(['a@b'], 'me@x.com'), {
    ok: false,
    message: 'a@b is not a valid email address.',
  });
  assert.deepEqual(checkEmails(Array(11).fill('a@x.com'), 'me@x.com'), {
    ok: false,
    message: BillingMessages.tooManyEmails,
  });
});

test('CSV cells: RFC 4180 quoting and the formula-injection guard', () => {
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)']) assert.equal(csvCell(risky)[0], "'");
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell(-5), '-5', 'numbers are numbers');
  assert.equal(csvLine(['a', 1]), 'a,1\r\n');
});

test('days of a range, times in UTC, progress, schedule ranges and patterns', () => {
  assert.deepEqual(daysOf('2026-02-27', '2026-03-02'), [
    '2026-02-27',
    '2026-02-28',
    '2026-03-01',
    '2026-03-02',
  ]);
  assert.equal(utc('2026-03-02T09:05:33.000Z'), '2026-03-02 09:05');
  assert.equal(utc(undefined), '');
  assert.equal(progressOf(0, 1, 0.5), 50);
  assert.equal(progressOf(3, 4, 1), 99, 'never 100 before done');
  // a Monday 06:00 firing covers the week before; the 1st's covers the month before
  assert.deepEqual(scheduledRange('weekly', new Date('2026-11-23T06:00:00Z')), {
    from: '2026-11-16',
    to: '2026-11-22',
  });
  assert.deepEqual(scheduledRange('monthly', new Date('2026-12-01T06:00:00Z')), {
    from: '2026-11-01',
    to: '2026-11-30',
  });
  assert.deepEqual(SCHEDULE_PATTERNS, { weekly: '0 6 * * 1', monthly: '0 6 1 * *' });
});

test('builders: rows from orders batch by batch, aggregates per day and per run', () => {
  const names = {
    route: (id: string) => (id ? `Route ${id}` : ''),
    driver: (id: string) => (id ? `Driver ${id}` : ''),
  };
  const o = (status: number, rejected = '', over: object = {}) =>
    ({
      orderId: `O${status}`,
      status,
      deleted: 0,
      route: 'r',
      deliveryDriver: 'd',
      pickupDriver: '',
      deliveryDay: '2026-03-02',
      billing: {
        rejected,
        signatures: { pickup: true, driver: true, customer: true, dropoff: true },
        times: {},
      },
      ...over,
    }) as never;
  const rej = BUILDERS.rejections();
  assert.deepEqual(rej.batch([o(5, '1'), o(6, '1'), o(3), o(5, ''), o(5, '1', { deleted: 1 })], names), []);
  assert.deepEqual(rej.end!(), [
    ['1', 'Incorrect Quantity on the Manifest', 1, 1, 2],
    ['', 'No reason given', 1, 0, 1],
  ]);
  const del = BUILDERS.deliveries();
  del.batch([o(3), o(3), o(5)], names);
  assert.deepEqual(del.endDay!('2026-03-02'), [['2026-03-02', 'Route r', 'Driver d', 2, 1, 3]]);
  assert.deepEqual(del.endDay!('2026-03-03'), [], 'a day starts empty');
  const sig = BUILDERS.signature();
  assert.equal(sig.emptyText, 'No orders missing signatures');
  assert.deepEqual(
    sig.batch([o(3), o(1, '', { billing: { signatures: {} } })], names),
    [],
    'signed, or not yet delivered',
  );
});
