// The weekly schedule's week (orders §9): starts Monday 00:00 UTC, shows Monday to Friday with the spec's codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addWeeks, isoDay, weekLabel, weekStart, workDays } from '../src/week.js';

test('a week starts on Monday (UTC), also from a Sunday late at night and across a month end', () => {
  assert.equal(isoDay(weekStart(new Date('2026-11-23T00:00:00Z'))), '2026-11-23'); // a Monday
  assert.equal(isoDay(weekStart(new Date('2026-11-29T23:59:59Z'))), '2026-11-23'); // its Sunday
  assert.equal(isoDay(weekStart(new Date('2026-12-02T12:00:00Z'))), '2026-11-30');
  assert.equal(isoDay(addWeeks(weekStart(new Date('2026-12-31T08:00:00Z')), 1)), '2027-01-04');
});

test('the grid shows Monday to Friday with the spec day codes', () => {
  const days = workDays(new Date('2026-11-23T00:00:00Z'));
  assert.deepEqual(
    days.map((d) => d.code),
    ['mon', 'tue', 'wed', 'thur', 'fri'],
  );
  assert.equal(isoDay(days[4]!.date), '2026-11-27');
  assert.equal(weekLabel(days[0]!.date), 'Week of November 23, 2026');
});
