import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DeliverPolicy } from '@nats-io/jetstream';
import {
  ALL_ROLES,
  Role,
  RouteMessages as M,
  STAFF_ROLES,
  Subjects,
  type EventEnvelope,
  type RoleNumber,
  type RouteChanged,
} from '@portal/contracts';
import { serviceBasics, tokenFor, waitFor, type Policy, type StatePolicy } from '@portal/service-kit/testing';
import { Route } from '../../src/models/route.js';
import { buildApp } from '../../src/app.js';
import { SCHEDULE_POLICY } from '../policy/schedule.js';
import { MAPS_POLICY } from '../policy/maps.js';
import { WEEKLY_POLICY } from '../policy/weekly.js';
import { PUBLIC_POLICY } from '../policy/public.js';

const POLICY: Policy = {
  'GET /api/routes': 'signed-in',
  'POST /api/routes': 'signed-in',
  'POST /api/routes/create': [...STAFF_ROLES],
  'POST /api/routes/update': [...STAFF_ROLES],
  'POST /api/routes/delete': [...STAFF_ROLES],
  'POST /api/routes/find': 'signed-in',
  // the parts (each part's file names its routes)
  ...SCHEDULE_POLICY,
  ...MAPS_POLICY,
  ...WEEKLY_POLICY,
  ...PUBLIC_POLICY,
};
// the account-state columns: a user under review may call none of these routes (only accounts' profile ones)
const STATES: StatePolicy = { allowUnverified: [] };
// health, readiness, the route table against POLICY and the role × endpoint × state matrix (the kit's shared basics)
// own durables (the running routing keeps its order and fleet feeds) and no start-up snapshot request
const app = serviceBasics(
  buildApp,
  POLICY,
  {
    MONGO_DB: 'portal_routing_test',
    CONSUMER_SUFFIX: `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    ROUTING_DISPATCH_FEED: 'off',
  },
  STATES,
);

const events: EventEnvelope<RouteChanged>[] = [];
let stop = () => {};
before(async () => {
  // root-level before hooks do not wait for each other: wait for serviceBasics' app
  await waitFor(() => {
    try {
      return app();
    } catch {
      return undefined;
    }
  }, 30_000);
  await Route.deleteMany({});
  // every routing.route.changed.v1 from now on, read back from NATS (an ordered consumer: ephemeral, read-only)
  const consumer = await app().js.consumers.get('ROUTING', {
    filter_subjects: Subjects.routeChanged,
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  stop = () => void messages.stop();
  void (async () => {
    for await (const m of messages) events.push(m.json<EventEnvelope<RouteChanged>>());
  })();
});
after(() => stop());

const call = async (role: RoleNumber, url: string, body?: object) => {
  const res = await app().inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};
const row = (o: object = {}) => ({
  city: 'Trenton',
  zipCode: '08601',
  dayOfTheWeek: 'mon,thur',
  price: 55,
  ...o,
});
const newRoute = (name: string, rows = [row()]) => ({ route: { name, data: { startTime: '07:30', rows } } });
const eventFor = (id: string, action: string) =>
  waitFor(() => events.find((e) => e.data.route.id === id && e.data.action === action), 10_000);
const findZip = (role: RoleNumber, zip: string) =>
  call(role, '/api/routes/find', { zip, from: '2026-11-23', to: '2026-11-29' });
/** The find answer's match for one route (the index is this app's: routes of earlier runs may be in it). */
const matchOf = async (role: RoleNumber, zip: string, routeId: string) =>
  (await findZip(role, zip)).json.data.routes.find((r: { routeId: string }) => r.routeId === routeId);

test('create: the route as stored, its event on NATS, and /routes/find answers its dates', async () => {
  const res = await call(Role.Admin, '/api/routes/create', newRoute('South'));
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const route = res.json.data.route;
  assert.equal(route.name, 'South');
  assert.equal(route.data.rows[0].price, 55);
  const ev = await eventFor(route.id, 'created');
  assert.equal(ev.type, Subjects.routeChanged);
  assert.deepEqual(ev.data.route, route);
  // the index follows the event (the consumer reads the route back from the database)
  const found = await waitFor(() => matchOf(Role.User, '08601-4321', route.id), 10_000);
  assert.deepEqual(found.dates, ['2026-11-23', '2026-11-26']);
  assert.equal(found.name, 'South');
  assert.ok(!('price' in found));
});

test('update: rows keep their ids, a stale lastUpdated is a 409, the event carries the new route', async () => {
  const created = (await call(Role.SuperAdmin, '/api/routes/create', newRoute('Shore'))).json.data.route;
  const rowId = created.data.rows[0].id;
  const body = {
    route: {
      id: created.id,
      lastUpdated: created.lastUpdated,
      name: 'Shore',
      data: {
        startTime: '06:00',
        rows: [row({ id: rowId, dayOfTheWeek: 'fri', overnight: true }), row({ zipCode: '08701' })],
      },
    },
  };
  const res = await call(Role.Admin, '/api/routes/update', body);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const updated = res.json.data.route;
  assert.equal(updated.data.rows[0].id, rowId);
  assert.equal(updated.data.rows.length, 2);
  assert.deepEqual((await eventFor(created.id, 'updated')).data.route, updated);
  const again = await call(Role.Admin, '/api/routes/update', body); // the lastUpdated it read is gone
  assert.deepEqual([again.status, again.json.message], [409, M.changedMeanwhile]);
  const found = await waitFor(async () => {
    const f = await findZip(Role.Driver, '08701');
    return f.json.data.routes.some((r: { name: string }) => r.name === 'Shore') ? f : undefined;
  }, 10_000);
  assert.ok(found);
  const shore = (await findZip(Role.Driver, '08601')).json.data.routes.find(
    (r: { name: string }) => r.name === 'Shore',
  );
  assert.deepEqual([shore.dates, shore.deliveryDates], [['2026-11-27'], ['2026-11-28']]);
});

test('delete (roles 0, 1): flagged, gone from lists and /routes/find, its name free again; twice is a 404', async () => {
  const created = (
    await call(Role.Admin, '/api/routes/create', newRoute('Temp', [row({ zipCode: '07001' })]))
  ).json.data.route;
  await waitFor(
    async () => ((await findZip(Role.User, '07001')).json.data.routes.length ? true : undefined),
    10_000,
  );
  const res = await call(Role.SuperAdmin, '/api/routes/delete', { route: { id: created.id } });
  assert.deepEqual(res.json, { data: { route: { id: created.id, deleted: true } } });
  assert.equal((await eventFor(created.id, 'deleted')).data.route.name, 'Temp');
  await waitFor(
    async () => ((await findZip(Role.User, '07001')).json.data.routes.length ? undefined : true),
    10_000,
  );
  assert.ok(await Route.exists({ _id: created.id, deleted: true }));
  const again = await call(Role.SuperAdmin, '/api/routes/delete', { route: { id: created.id } });
  assert.deepEqual([again.status, again.json.message], [404, M.notFound]);
  assert.equal((await call(Role.Admin, '/api/routes/create', newRoute('temp'))).status, 200);
});

test('the lists: every signed-in role, by name, the price only for staff; where narrows by name, zip, ids', async () => {
  for (const role of ALL_ROLES) {
    const res = await call(role, '/api/routes');
    assert.equal(res.status, 200);
    const names = res.json.data.routes.map((r: { name: string }) => r.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0),
    );
    const priced = res.json.data.routes.every((r: any) => r.data.rows.every((x: object) => 'price' in x));
    assert.equal(priced, STAFF_ROLES.includes(role as never), `role ${role}`);
  }
  const byZip = await call(Role.AccountAdmin, '/api/routes', { where: { zip: '08701' } });
  assert.deepEqual(
    byZip.json.data.routes.map((r: { name: string }) => r.name),
    ['Shore'],
  );
  const sh = await call(Role.User, '/api/routes?q=SH');
  assert.deepEqual(
    sh.json.data.routes.map((r: { name: string }) => r.name),
    ['Shore'],
  );
  const id = sh.json.data.routes[0].id;
  const byId = await call(Role.User, '/api/routes', { where: { ids: [id, 'nope'] } });
  assert.deepEqual(
    byId.json.data.routes.map((r: { id: string }) => r.id),
    [id],
  );
});

test('bad input: 4xx with the message, nothing written, no event', async () => {
  const south = (await call(Role.Admin, '/api/routes?q=South')).json.data.routes[0];
  const count = await Route.countDocuments();
  const seen = events.length;
  const cases: [object, string, number, string][] = [
    ['/api/routes/create', newRoute('SOUTH '), 409, M.duplicateName('SOUTH')],
    ['/api/routes/create', newRoute('x'.repeat(101)), 400, M.nameTooLong],
    [
      '/api/routes/create',
      { route: { data: { startTime: '07:00', rows: [] } } },
      400,
      'Please Input Route Name!',
    ],
    [
      '/api/routes/create',
      newRoute('Bad days', [row({ dayOfTheWeek: 'someday' })]),
      400,
      M.badDays('someday'),
    ],
    ['/api/routes/create', newRoute('Bad zip', [row({ zipCode: '123' })]), 400, M.badZip],
    [
      '/api/routes/create',
      newRoute('No price', [{ city: 'A', zipCode: '08601', dayOfTheWeek: 'mon' }] as never),
      400,
      'Please Input Standard Price!',
    ],
    [
      '/api/routes/update',
      { route: { ...newRoute('Shore').route, id: south.id } },
      409,
      M.duplicateName('Shore'),
    ],
    [
      '/api/routes/update',
      { route: { ...newRoute('Nowhere').route, id: '0123456789abcdef01234567' } },
      404,
      M.notFound,
    ],
    ['/api/routes/delete', { route: { id: 'nope' } }, 404, M.notFound],
  ].map(([url, body, status, message]) => [
    body as object,
    url as string,
    status as number,
    message as string,
  ]);
  for (const [body, url, status, message] of cases) {
    const res = await call(Role.Admin, url, body);
    assert.deepEqual(
      [res.status, res.json.message],
      [status, message],
      `${url} ${JSON.stringify(body).slice(0, 80)}`,
    );
  }
  assert.equal(await Route.countDocuments(), count);
  assert.equal(
    (await call(Role.Admin, '/api/routes?q=South')).json.data.routes[0].lastUpdated,
    south.lastUpdated,
  );
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(events.length, seen);
});

test('/routes/find: a bad zip or range is a 400 with its message', async () => {
  for (const [body, message] of [
    [{ zip: '1234' }, M.badZip],
    [{ zip: 'abcde' }, M.badZip],
    [{ zip: '08601', from: '2026-13-01' }, M.badRange],
    [{ zip: '08601', from: '2026-12-01', to: '2026-11-01' }, M.badRange],
    [{ zip: '08601', from: '2026-01-01', to: '2027-06-01' }, M.badRange],
  ] as const) {
    const res = await call(Role.User, '/api/routes/find', body);
    assert.deepEqual([res.status, res.json.message], [400, message], JSON.stringify(body));
  }
});
