import { test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose from 'mongoose';
import { Role } from '@portal/contracts';
import { routeListFilter, toRouteView } from '../../src/domain/routes.js';
import type { RouteDoc } from '../../src/models/route.js';

// The list rules without HTTP or a database.
test('the list holds live routes; the search is a case-blind name prefix with regex characters escaped', () => {
  assert.deepEqual(routeListFilter(), { deleted: false });
  assert.deepEqual(routeListFilter({ q: 'North (A)' }), {
    deleted: false,
    name: { $regex: '^North \\(A\\)', $options: 'i' },
  });
  assert.ok(new RegExp(routeListFilter({ q: 'a.b' }).name!.$regex, 'i').test('A.B route'));
  assert.ok(!new RegExp(routeListFilter({ q: 'a.b' }).name!.$regex, 'i').test('axb route'));
});

test('the standard price is shown only to those who edit routes (roles 0, 1)', () => {
  const route = {
    _id: new mongoose.Types.ObjectId(),
    name: 'North',
    startTime: '06:00',
    rows: [
      {
        _id: new mongoose.Types.ObjectId(),
        city: 'Albany',
        zipCode: '12201',
        dayOfTheWeek: 'mon,wed',
        price: 40,
      },
    ],
  } as unknown as RouteDoc;
  assert.equal(toRouteView(route, Role.Admin).rows[0].price, 40);
  assert.equal(toRouteView(route, Role.SuperAdmin).rows[0].price, 40);
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const row = toRouteView(route, role).rows[0];
    assert.ok(!('price' in row), `role ${role}`);
    assert.equal(row.biWeekly, false);
    assert.equal(row.city, 'Albany');
  }
});
