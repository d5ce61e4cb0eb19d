import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timestampRunFields } from '../../src/domain/reports.js';

// What a run records, without HTTP or a database.
const who = { sub: 'user-1', email: 'Admin@Demo.Portal' };
const now = new Date('2026-11-23T23:30:00Z');

test('by default: today (UTC) mailed to the caller', () => {
  assert.deepEqual(timestampRunFields(who, {}, now), {
    requestedBy: 'user-1',
    kind: 'timestamp',
    selectedDate: '2026-11-23',
    emails: ['admin@demo.portal'],
  });
});

test('the day and the recipients asked for, each address once', () => {
  const run = timestampRunFields(
    who,
    { selectedDate: '2026-11-01', emails: ['a@x.com', 'A@x.com', 'b@x.com'] },
    now,
  );
  assert.equal(run.selectedDate, '2026-11-01');
  assert.deepEqual(run.emails, ['a@x.com', 'b@x.com']);
  assert.deepEqual(timestampRunFields(who, { emails: [] }, now).emails, ['admin@demo.portal']);
});
