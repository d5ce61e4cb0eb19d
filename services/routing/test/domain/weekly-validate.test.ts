import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DispatchMessages as D, WeeklyMessages as W } from '@portal/contracts/dispatch';
import { Problem } from '@portal/service-kit';
import { cleanDays, dayDate, vehicleWarnings, weekOf, type Known } from '../../src/domain/weekly/validate.js';

test('weekOf: the Monday (UTC) of any day, across month, year and DST boundaries; null for non-dates', () => {
  const table: [string | undefined, string | null][] = [
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-11-23'], // its Sunday
    ['2026-11-30T23:59:59Z', '2026-11-30'],
    ['2027-01-01', '2026-12-28'], // a Friday: the week began in the old year
    ['2026-03-08', '2026-03-02'], // US DST starts (Sunday)
    ['2026-11-01', '2026-10-26'], // US DST ends (Sunday)
    ['2028-02-29', '2028-02-28'],
    ['next week', null],
    ['', null],
    [undefined, null],
    ['2026-13-40', null],
  ];
  for (const [date, want] of table) assert.equal(weekOf(date), want, String(date));
  assert.equal(dayDate('2026-12-28', 5), '2027-01-01');
});

const known: Known = {
  drivers: new Map([
    ['d1', 'Ann'],
    ['d2', 'Bob'],
  ]),
  vehicles: new Map([
    ['v1', { id: 'v1', name: 'Van 1', status: 1, due: [] }],
    ['v0', { id: 'v0', name: 'Van 0', status: 0, due: [] }],
    ['vd', { id: 'vd', name: 'Van D', status: 1, due: ['oil', 'tires'] }],
  ]),
  routes: new Set(['r1']),
};
const fault = (days: Record<string, unknown>) => {
  try {
    cleanDays(days, known);
    return null;
  } catch (e) {
    assert.ok(e instanceof Problem);
    return `${e.status} ${e.detail}`;
  }
};

test('cleanDays: the first fault as a 400 with its words; clean entries trimmed, flags as booleans', () => {
  assert.equal(fault({ '1': [{ driver: '' }] }), `400 ${D.selectDriver}`);
  assert.equal(fault({ '1': [{ driver: 'ghost' }] }), `400 ${D.selectDriver}`);
  assert.equal(fault({ '2': [{ driver: 'd1' }, { driver: ' d1 ' }] }), `400 ${W.twice('Ann', 'Tue')}`);
  assert.equal(fault({ '1': [{ driver: 'd1', vehicle: 'vX' }] }), `400 ${W.unknownVehicle('vX')}`);
  assert.equal(fault({ '1': [{ driver: 'd1', route: 'rX' }] }), `400 ${W.unknownRoute('rX')}`);
  assert.equal(fault({ '0': [] }), `400 ${W.badDay}`);
  assert.equal(fault({ mon: [] }), `400 ${W.badDay}`);
  assert.deepEqual(
    cleanDays(
      { '3': [{ driver: ' d2 ', route: 'r1', misc: { notes: ' hi ', training: 1 } }], '4': [] },
      known,
    ),
    {
      '3': [
        {
          driver: 'd2',
          vehicle: '',
          route: 'r1',
          misc: { backHaul: false, training: true, cancelled: false, notes: 'hi' },
        },
      ],
    },
  );
});

test('vehicleWarnings: inactive, due, the same van twice a day; cancelled rows are not warned about', () => {
  const e = (driver: string, vehicle: string, cancelled = false) => ({
    driver,
    vehicle,
    misc: { cancelled },
  });
  assert.deepEqual(
    vehicleWarnings(
      {
        '1': [e('d1', 'v0'), e('d2', 'vd')],
        '2': [e('d1', 'v1'), e('d2', 'v1')],
        '3': [e('d1', 'v0', true)],
      },
      known,
    ),
    [
      W.vehicleInactive('Van 0', 'Mon, Ann'),
      W.vehicleDue('Van D', 'oil, tires', 'Mon, Bob'),
      W.vehicleTwice('Van 1', 'Tue: Ann, Bob'),
    ],
  );
  assert.deepEqual(vehicleWarnings({ '1': [e('d1', 'v1')] }, known), []);
});
