import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Role, type RoleNumber } from '@portal/contracts';
import { DISPATCH } from '@portal/contracts/dispatch';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Route } from '../../src/models/route.js';
import { SearchMessages } from '../../src/domain/search/search.js';
import { PUBLIC_POLICY } from '../policy/public.js';

/**
 * GET /api/schedule/search against the real stack (own database): public, answers from the live route index,
 * cacheable, clear 400s, and rate-limited per client (Redis) — a low limit for this app, a fresh client address per
 * run so the shared Redis counters of other runs never count.
 */
const LIMIT = 25;
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { MONGO_DB: 'portal_routing_public_test', RATE_LIMIT_READ_MAX: LIMIT });
  await Route.deleteMany({});
});
after(() => app?.close());

const ip = () => `10.${[...randomBytes(3)].join('.')}`;
const search = async (qs: string, role: RoleNumber | null = null, remoteAddress = ip()) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/schedule/search?${qs}`,
    remoteAddress,
    headers: role === null ? {} : { authorization: `Bearer ${await tokenFor(role)}` },
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
};
const admin = async (url: string, body: object) => {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await tokenFor(Role.Admin)}` },
    payload: body,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.route;
};

// a city no demo route has, so the answers are this test's only
const CITY = `Qyzzle ${randomBytes(2).toString('hex')}`;
const rows = [
  { city: CITY, zipCode: '08601', dayOfTheWeek: 'mon,wed', price: 1 },
  { city: CITY, zipCode: '08602', dayOfTheWeek: 'sat', price: 1, overnight: true },
];

test('the policy: both public routes answer without a token', () => {
  assert.deepEqual(PUBLIC_POLICY, {
    'GET /api/schedule/search': 'public',
    'GET /api/track/:token': 'public',
  });
});

test('a new route is found signed out (city, zip, days), with cache headers; deleting it takes it out', async () => {
  const route = await admin('/api/routes/create', {
    route: { name: `Pub ${CITY}`, data: { startTime: '08:15', rows } },
  });
  const q = `q=${encodeURIComponent(CITY.toUpperCase())}`;
  const found = await waitFor(async () => {
    const r = await search(q);
    return r.json.data?.total ? r : undefined;
  }, 10_000);
  assert.equal(found.status, 200);
  assert.equal(found.headers['cache-control'], 'public, max-age=5');
  assert.deepEqual(found.json.data, {
    rows: [
      {
        routeId: route.id,
        routeName: `Pub ${CITY}`,
        city: CITY,
        zip: '08601',
        days: 'Mon, Wed',
        startTime: '08:15',
        overnight: false,
        biWeekly: false,
      },
    ],
    total: 1,
    truncated: false,
    page: 1,
    pageSize: DISPATCH.publicSearchPageSize,
  });
  // the Saturday row only when Saturday is chosen
  const sat = await search(`${q}&days=sat,sun`);
  assert.deepEqual(
    sat.json.data.rows.map((r: { zip: string; overnight: boolean }) => [r.zip, r.overnight]),
    [['08602', true]],
  );
  // every role sees the same as a visitor (the search is not tenant data)
  for (const role of ALL_ROLES)
    assert.deepEqual((await search(q, role)).json.data, found.json.data, `role ${role}`);
  await admin('/api/routes/delete', { route: { id: route.id } });
  await waitFor(async () => ((await search(q)).json.data.total === 0 ? true : undefined), 10_000);
});

test('a bad search is a 400 with the text to show, not cacheable', async () => {
  for (const [qs, message] of [
    ['q=a', SearchMessages.tooShort],
    ['q=trenton&days=mon,xyz', SearchMessages.badDays('xyz')],
    ['q=trenton&page=0', SearchMessages.badPage],
  ] as const) {
    const r = await search(qs);
    assert.equal(r.status, 400, qs);
    assert.equal(r.json.message, message);
    assert.notEqual(r.headers['cache-control'], 'public, max-age=5');
  }
});

test(`rate limit: ${LIMIT} searches a window per client, then 429 with Retry-After; another client still passes`, async () => {
  const client = ip();
  for (let i = 0; i < LIMIT; i++)
    assert.equal((await search(`q=zz${i}`, null, client)).status, 200, `call ${i + 1}`);
  const over = await search('q=zzz', null, client);
  assert.equal(over.status, 429);
  assert.ok(Number(over.headers['retry-after']) > 0);
  assert.match(over.json.message, /too many/i);
  assert.equal((await search('q=zzz')).status, 200, 'another address is counted apart');
});
