import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, LIMITS, Role, type RoleNumber } from '@portal/contracts';
import { assertRoleMatrix, tablePolicy, tokenFor, type Policy } from '@portal/service-kit/testing';
import { Route } from '../../src/models/route.js';
import { startApp } from '../helpers.js';

const POLICY: Policy = { 'GET /api/routes': 'signed-in' };

let app: FastifyInstance;
before(async () => {
  app = await startApp();
  await Route.deleteMany({});
  await Route.insertMany([
    { name: 'South', startTime: '07:30', rows: [{ city: 'Trenton', zipCode: '08601', dayOfTheWeek: 'tue', price: 55 }] },
    { name: 'north', startTime: '06:00', rows: [{ city: 'Albany', zipCode: '12201', dayOfTheWeek: '1,8,15', overnight: true, price: 40 }] },
    { name: 'Northeast', startTime: '08:00' },
    { name: 'North (retired)', deleted: true },
  ]);
});
after(() => app.close());
const as = async (role: RoleNumber, url: string) =>
  app.inject({ url, headers: { authorization: `Bearer ${await tokenFor(role)}` } });
const names = (res: { json(): any }) => res.json().data.routes.map((r: any) => r.name);

test('health and readiness answer without a token', async () => {
  assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
});
test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), POLICY));
test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, POLICY));

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
      rows: [{ id: 'r', city: 'Albany', zipCode: '12201', dayOfTheWeek: '1,8,15', biWeekly: false, overnight: true, price: 40 }],
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
