// A row's days as the editor reads, writes and shows them (orders §3, §9): weekday codes or strict dates as offsets
// from 2023-01-01, the 365-day choice list, the table text cut at 50 characters, the list's "delivers on" filter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clip,
  dateLabel,
  daysText,
  formatDays,
  isoOf,
  offsetOf,
  parseDays,
  servesWeekday,
  strictChoices,
} from '../src/days.js';

test('offsets count whole UTC days from the 2023-01-01 marker, across leap years and year ends', () => {
  assert.equal(offsetOf(new Date('2023-01-01T00:00:00Z')), 0);
  assert.equal(offsetOf(new Date('2023-01-01T23:59:59Z')), 0);
  assert.equal(offsetOf(new Date('2024-03-01T00:00:00Z')), 425); // 2024-02-29 exists
  assert.equal(isoOf(offsetOf(new Date('2026-12-31T12:00:00Z')) + 1), '2027-01-01');
  assert.equal(dateLabel(0), 'Sun, Jan 1, 2023');
});

test('weekdays and strict dates read back to what was stored, in week and date order', () => {
  assert.deepEqual(parseDays('wed,MON'), { mode: 'weekdays', weekdays: ['mon', 'wed'], dates: [] });
  assert.equal(formatDays(parseDays('fri, mon,thur')), 'mon,thur,fri');
  assert.deepEqual(parseDays('1430,1423,1430'), { mode: 'dates', weekdays: [], dates: [1423, 1430] });
  assert.equal(formatDays({ mode: 'dates', weekdays: ['mon'], dates: [9, 2] }), '2,9');
  // Unreadable text opens as nothing chosen, never as a guess.
  assert.deepEqual(parseDays('mon,5'), { mode: 'weekdays', weekdays: [], dates: [] });
  assert.deepEqual(parseDays(''), { mode: 'weekdays', weekdays: [], dates: [] });
});

test('the strict list is 365 days from today, crossing the year end', () => {
  const list = strictChoices(new Date('2026-12-30T22:00:00Z'));
  assert.equal(list.length, 365);
  assert.equal(isoOf(list[0]!), '2026-12-30');
  assert.equal(isoOf(list[2]!), '2027-01-01');
  assert.equal(isoOf(list.at(-1)!), '2027-12-29');
});

test('the table text: weekday names or short dates, cut at 50 characters with the ellipsis counted', () => {
  assert.equal(daysText('mon,wed,fri'), 'Mon, Wed, Fri');
  assert.equal(daysText('1423,1430'), 'Nov 24, Dec 1');
  const long = daysText(Array.from({ length: 20 }, (_, i) => 1400 + i).join(','));
  assert.ok(long.length > 50);
  assert.equal(clip(long).length, 50);
  assert.ok(clip(long).endsWith('…'));
  assert.equal(clip('Mon, Tue'), 'Mon, Tue');
});

test('delivers on: a weekday row by its codes, a strict-date row by the weekday of its dates', () => {
  assert.ok(servesWeekday('mon,thur', 'thur'));
  assert.ok(!servesWeekday('mon,thur', 'tue'));
  assert.ok(servesWeekday('0', 'sun')); // 2023-01-01 was a Sunday
  assert.ok(servesWeekday(String(offsetOf(new Date('2026-11-24T00:00:00Z'))), 'tue'));
  assert.ok(!servesWeekday('0', 'mon'));
});
