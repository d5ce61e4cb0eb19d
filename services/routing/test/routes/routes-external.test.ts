import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Role, STAFF_ROLES, UTILITY_ID_PREFIX, type RoleNumber } from '@portal/contracts';
import { startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { createRoute } from '../../src/domain/routes.js';
import { Route } from '../../src/models/route.js';

/** Orders §7 "Routes": "A load-all-routes call takes an external flag" (GET /routes?external=, POST where.external). */
let app: FastifyInstance;
const tag = randomBytes(3).toString('hex');
let utilityRows: string[] = [];
let plainId = '';
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_external_test',
    CONSUMER_SUFFIX: `x${Date.now().toString(36)}${tag}`,
    ROUTING_DISPATCH_FEED: 'off',
  });
  await Route.deleteMany({});
  const row = (city: string, zipCode: string) => ({ city, zipCode, dayOfTheWeek: 'mon', price: 40 });
  const utility = await createRoute({
    name: 'Utility',
    data: { startTime: '08:00', rows: [row('Camden', '08101'), row('Newark', '07102')] },
  });
  utilityRows = utility.data.rows.map((r) => r.id);
  plainId = (
    await createRoute({ name: 'Coast', data: { startTime: '07:00', rows: [row('Toms River', '08753')] } })
  ).id;
});
after(async () => app?.close());

const call = async (role: RoleNumber, url: string, body?: object) => {
  const res = await app.inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};
const names = (res: { json: { data: { routes: { name: string }[] } } }) =>
  res.json.data.routes.map((r) => r.name);

test('orders §7 Routes: without external the stored routes (the utility route as one), with it the utility expanded', async () => {
  for (const role of ALL_ROLES) {
    assert.deepEqual(names(await call(role, '/api/routes')), ['Coast', 'Utility'], `role ${role}`);
    const ext = await call(role, '/api/routes?external=true');
    assert.equal(ext.status, 200);
    assert.deepEqual(names(ext), ['Camden', 'Coast', 'Newark'], `role ${role}`);
    const ids = ext.json.data.routes.map((r: { id: string }) => r.id);
    assert.deepEqual(ids, [
      `${UTILITY_ID_PREFIX}${utilityRows[0]}`,
      plainId,
      `${UTILITY_ID_PREFIX}${utilityRows[1]}`,
    ]);
    // each pseudo-route carries its own row only; the price stays staff's
    const camden = ext.json.data.routes[0];
    assert.deepEqual(
      camden.data.rows.map((r: { city: string }) => r.city),
      ['Camden'],
    );
    assert.equal('price' in camden.data.rows[0], STAFF_ROLES.includes(role as never), `role ${role}`);
  }
  assert.deepEqual(names(await call(Role.User, '/api/routes?external=false')), ['Coast', 'Utility']);
});

test('orders §7 Routes: POST where {external} narrows the expanded list by name, zip and ids', async () => {
  const post = (where: object) =>
    call(Role.AccountAdmin, '/api/routes', { where: { external: true, ...where } });
  assert.deepEqual(names(await post({ q: 'new' })), ['Newark']);
  assert.deepEqual(names(await post({ zip: '08101' })), ['Camden']);
  assert.deepEqual(names(await post({ ids: [plainId, `${UTILITY_ID_PREFIX}${utilityRows[1]}`] })), [
    'Coast',
    'Newark',
  ]);
  const bad = await call(Role.Admin, '/api/routes', { where: { external: 'yes' } });
  assert.deepEqual([bad.status, bad.json.message], [400, 'external must be true or false']);
});
