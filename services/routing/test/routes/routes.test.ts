import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_ROLES, LIMITS, Role, type RoleNumber } from '@portal/contracts';
import { serviceBasics, tokenFor, type Policy } from '@portal/service-kit/testing';
import { Route } from '../../src/models/route.js';
import { buildApp } from '../../src/app.js';

const POLICY: Policy = { 'GET /api/routes': 'signed-in' };

// health, readiness, the route table against POLICY and the role × endpoint matrix (the kit's shared basics)
const app = serviceBasics(buildApp, POLICY, { MONGO_DB: 'portal_routing_test' });

before(async () => {
  await Route.deleteMany({});
  await Route.insertMany([
    {
      name: 'South',
      startTime: '07:30',
      rows: [{ city: 'Trenton', zipCode: '08601', dayOfTheWeek: 'tue', price: 55 }],
    },
    {
      name: 'north',
      startTime: '06:00',
      rows: [{ city: 'Albany', zipCode: '12201', dayOfTheWeek: '1,8,15', overnight: true, price: 40 }],
    },
    { name: 'Northeast', startTime: '08:00' },
    { name: 'North (retired)', deleted: true },
  ]);
});
const as = async (role: RoleNumber, url: string) =>
  app().inject({ url, headers: { authorization: `Bearer ${await tokenFor(role)}` } });
const names = (res: { json(): any }) => res.json().data.routes.map((r: any) => r.name);

test('every signed-in role lists the live routes by name; deleted routes are not listed', async () => {
  for (const role of ALL_ROLES) {
    const res = await as(role, '/api/routes');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(names(res), ['Northeast', 'South', 'north'], `role ${role}`);
  }
});

test('the price travels only to staff; the rows otherwise say the same to everyone', async () => {
  const staff = (await as(Role.Admin, '/api/routes')).json().data.routes[2];
  assert.deepEqual(
    { ...staff, id: 'x', rows: staff.rows.map((r: any) => ({ ...r, id: 'r' })) },
    {
      id: 'x',
      name: 'north',
      startTime: '06:00',
      rows: [
        {
          id: 'r',
          city: 'Albany',
          zipCode: '12201',
          dayOfTheWeek: '1,8,15',
          biWeekly: false,
          overnight: true,
          price: 40,
        },
      ],
    },
  );
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const row = (await as(role, '/api/routes')).json().data.routes[2].rows[0];
    assert.ok(!('price' in row), `role ${role}`);
  }
});

test('the search box: a case-blind name prefix', async () => {
  assert.deepEqual(names(await as(Role.User, '/api/routes?q=NORTH')), ['Northeast', 'north']);
  assert.deepEqual(names(await as(Role.User, '/api/routes?q=north%20(')), []);
});

test('bad list queries are 400s that say what is wrong', async () => {
  for (const q of ['q=', `q=${'x'.repeat(LIMITS.routeName + 1)}`]) {
    const res = await as(Role.Admin, `/api/routes?${q}`);
    assert.equal(res.statusCode, 400, q.slice(0, 10));
    assert.equal(res.json().message, 'q must be 1 to 100 characters');
  }
});
