import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, RouteMessages as M, parseRouteDays, type Route, type RouteInput } from '@portal/contracts';
import { forRole, routeListFilter, servesZip } from '../../src/domain/routes.js';
import { checkRoute } from '../../src/domain/validate.js';

// The list and editor rules without HTTP or a database.
test('the list holds live routes; the search is a case-blind name prefix with regex characters escaped', () => {
  assert.deepEqual(routeListFilter(), { deleted: false });
  const f = routeListFilter({ q: 'North (A)' });
  assert.deepEqual(f, { deleted: false, name: { $regex: '^North \\(A\\)', $options: 'i' } });
  assert.ok(new RegExp(routeListFilter({ q: 'a.b' }).name!.$regex, 'i').test('A.B route'));
  assert.ok(!new RegExp(routeListFilter({ q: 'a.b' }).name!.$regex, 'i').test('axb route'));
  const id = '0123456789abcdef01234567';
  assert.deepEqual(routeListFilter({ ids: [id, 'nope'] }), { deleted: false, _id: { $in: [id] } });
});

const route: Route = {
  id: 'r',
  name: 'North',
  data: {
    startTime: '06:00',
    rows: [
      {
        id: 'a',
        city: 'Albany',
        zipCode: '12201',
        dayOfTheWeek: 'mon',
        biWeekly: false,
        overnight: true,
        price: 40,
        data: {},
      },
      {
        id: 'b',
        city: 'Any',
        zipCode: '00000',
        dayOfTheWeek: 'tue',
        biWeekly: false,
        overnight: false,
        price: 5,
        data: {},
      },
    ],
  },
  created: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
};

test('the standard price is shown only to those who edit routes (roles 0, 1)', () => {
  assert.equal(forRole(route, Role.Admin).data.rows[0]!.price, 40);
  assert.equal(forRole(route, Role.SuperAdmin).data.rows[0]!.price, 40);
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    assert.ok(
      forRole(route, role).data.rows.every((r) => !('price' in r)),
      `role ${role}`,
    );
  }
});

test('where.zip: a row for the zip (its 5 digits) or a row for every zip', () => {
  assert.equal(servesZip('12201-0001')(route), true);
  const noAny = { ...route, data: { ...route.data, rows: [route.data.rows[0]!] } };
  assert.equal(servesZip('99999')(noAny), false);
  assert.equal(servesZip('99999')(route), true);
  assert.equal(servesZip(undefined)(noAny), true);
});

const input = (
  r: Partial<RouteInput['data']['rows'][number]> = {},
  top: Partial<RouteInput> = {},
): RouteInput => ({
  name: ' North ',
  data: {
    startTime: '06:00',
    rows: [{ city: ' Albany ', zipCode: '12201-0001', dayOfTheWeek: 'mon, wed', price: 40.005, ...r }],
  },
  ...top,
});
const errorOf = (i: RouteInput) => {
  const c = checkRoute(i);
  return 'error' in c ? c.error : undefined;
};

test('a good route is stored trimmed, zips as 5 digits, prices in cents, flags false by default', () => {
  const c = checkRoute(input());
  assert.ok('route' in c);
  assert.deepEqual(c.route, {
    name: 'North',
    startTime: '06:00',
    rows: [
      {
        city: 'Albany',
        zipCode: '12201',
        dayOfTheWeek: 'mon, wed',
        biWeekly: false,
        overnight: false,
        price: 40.01,
        data: {},
      },
    ],
  });
  const keep = checkRoute(input({ id: '0123456789abcdef01234567', zipCode: '00000' }));
  assert.ok('route' in keep);
  assert.equal(keep.route.rows[0]!._id, '0123456789abcdef01234567');
  assert.equal(keep.route.rows[0]!.zipCode, '00000');
  const fresh = checkRoute(input({ id: 'not-an-id' }));
  assert.ok('route' in fresh && !('_id' in fresh.route.rows[0]!));
});

const BAD: [string, RouteInput, string][] = [
  ['no name', input({}, { name: '  ' }), 'Please Input Route Name!'],
  ['name over 100', input({}, { name: 'x'.repeat(101) }), M.nameTooLong],
  ['no start time', input({}, { data: { startTime: '', rows: [] } }), 'Please Input Route Start Time!'],
  ['start time not a time', input({}, { data: { startTime: '25:00', rows: [] } }), M.badStartTime],
  ['no city', input({ city: ' ' }), 'Please Input City!'],
  ['city over 100', input({ city: 'c'.repeat(101) }), M.tooLong('City', 100)],
  ['no zip', input({ zipCode: '' }), 'Please Input Zip Code!'],
  ['bad zip', input({ zipCode: '1220' }), M.badZip],
  ['no days', input({ dayOfTheWeek: ' , ' }), 'Please Input Days!'],
  ['days that parse to nothing', input({ dayOfTheWeek: 'someday' }), M.badDays('someday')],
  ['weekdays and dates mixed', input({ dayOfTheWeek: 'mon,1423' }), M.mixedDays],
  ['negative price', input({ price: -1 }), M.badPrice],
  ['notes over 500', input({ data: { notes: 'n'.repeat(501) } }), M.tooLong('Notes', 500)],
];
for (const [name, i, message] of BAD) {
  test(`bad route: ${name}`, () => assert.equal(errorOf(i), message));
}

test('days: weekday codes in week order once, strict dates ascending once', () => {
  assert.deepEqual(parseRouteDays('fri, MON,mon'), { mode: 'weekdays', weekdays: ['mon', 'fri'] });
  assert.deepEqual(parseRouteDays('1430,1423,1430'), { mode: 'dates', dates: [1423, 1430] });
  assert.equal(parseRouteDays('thu').mode, 'invalid'); // the spec's code is 'thur'
});
