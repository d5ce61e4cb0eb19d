// The editor's checks and the body it sends (orders §5 Routes): "Please Input {title}!" for every required field, the
// 100-character name, zip and price rules with the contract's messages; unsaved changes compare what would be saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Route } from '@portal/contracts';
import {
  blankRoute,
  blankRow,
  fromRoute,
  rowProblems,
  routeProblems,
  sameRoute,
  toInput,
} from '../src/pages/editor/draft.js';

const stored: Route = {
  id: 'r1',
  name: 'North Coast',
  created: '2026-11-01T00:00:00.000Z',
  lastUpdated: '2026-11-02T00:00:00.000Z',
  data: {
    startTime: '06:00',
    rows: [
      {
        id: 'a',
        city: 'Eureka',
        zipCode: '95501',
        dayOfTheWeek: 'mon,wed',
        biWeekly: false,
        overnight: true,
        price: 40,
        data: {},
      },
    ],
  },
};

test('empty route and row fields answer "Please Input {title}!"', () => {
  assert.deepEqual(routeProblems(blankRoute()), {
    name: 'Please Input Route Name!',
    startTime: 'Please Input Route Start Time!',
  });
  assert.deepEqual(rowProblems(blankRow()), {
    city: 'Please Input City!',
    zipCode: 'Please Input Zip Code!',
    dayOfTheWeek: 'Please Input Days!',
    price: 'Please Input Standard Price!',
  });
});

test('name over 100 characters, a bad zip, mixed days and a negative price are refused with clear messages', () => {
  assert.match(
    routeProblems({ ...blankRoute(), name: 'x'.repeat(101), startTime: '08:00' }).name!,
    /100 characters/,
  );
  assert.deepEqual(routeProblems({ ...blankRoute(), name: 'x'.repeat(100), startTime: '08:00' }), {});
  const row = { ...blankRow(), city: 'Eureka', zipCode: '9550', dayOfTheWeek: 'mon,12', price: '-1' };
  const p = rowProblems(row);
  assert.equal(p.zipCode, 'Please enter a valid 5-digit zip code.');
  assert.equal(p.dayOfTheWeek, 'Days are either weekday codes or strict dates, not both.');
  assert.equal(p.price, 'Standard Price must be a number of dollars, 0 or more.');
  assert.deepEqual(rowProblems({ ...row, zipCode: '95501-1234', dayOfTheWeek: '1423', price: '0' }), {});
});

test('a stored route round-trips to the update body with its version; a new one has no id', () => {
  const draft = fromRoute(stored);
  assert.deepEqual(toInput(draft), {
    name: 'North Coast',
    data: {
      startTime: '06:00',
      rows: [
        {
          id: 'a',
          city: 'Eureka',
          zipCode: '95501',
          dayOfTheWeek: 'mon,wed',
          biWeekly: false,
          overnight: true,
          price: 40,
        },
      ],
    },
    id: 'r1',
    lastUpdated: '2026-11-02T00:00:00.000Z',
  });
  const created = toInput({
    ...blankRoute(),
    name: ' Valley ',
    startTime: '08:30',
    rows: [{ ...blankRow(), city: 'Chico', zipCode: '95926', dayOfTheWeek: 'tue', price: '12.5' }],
  });
  assert.ok(!('id' in created));
  assert.equal(created.name, 'Valley');
  assert.deepEqual(created.data.rows[0], {
    city: 'Chico',
    zipCode: '95926',
    dayOfTheWeek: 'tue',
    biWeekly: false,
    overnight: false,
    price: 12.5,
  });
});

test('unsaved changes: a changed cell counts, a trimmed-away space does not', () => {
  const a = fromRoute(stored);
  assert.ok(sameRoute(a, fromRoute(stored)));
  assert.ok(sameRoute(a, { ...a, name: 'North Coast ' }));
  assert.ok(!sameRoute(a, { ...a, rows: [{ ...a.rows[0]!, overnight: false }] }));
  assert.ok(!sameRoute(a, { ...a, rows: [] }));
});
