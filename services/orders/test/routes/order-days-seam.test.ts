// The delivery days at the seam between routing and orders: for a zip, the weekdays the public delivery schedule
// lists (routing GET /api/schedule/search) are exactly the days orders accepts for a vendor's order (POST
// /api/orders/create) and the days the order form is shown (GET /api/orders/destination), an overnight route
// included. Real stack: the running routing service (its index follows the route it is given here), own orders
// database.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, OrderMessages as M, Role } from '@portal/contracts';
import { assertRoleMatrix, startService, tokenFor, waitFor, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Licence } from '../../src/models/licence.js';
import { LIC, call, noon, orderInput, seedReadModels, suiteEnv } from './order-helpers.js';

const ROUTING = `http://127.0.0.1:${process.env.ROUTING_PORT ?? 4103}`;
const DEST = 'TST-DAYS-5001';
const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = (day: string) => WEEKDAY[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
const DAY_MS = 86_400_000;

let app: FastifyInstance;
let zip = '';
let routeId = '';

const routing = async (method: 'GET' | 'POST', path: string, body?: object) => {
  const res = await fetch(`${ROUTING}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenFor(Role.Admin)}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
};
/** The public schedule's rows for the zip, read from routing itself (the edge caches it for a minute). */
const publicRows = async () =>
  (await (await fetch(`${ROUTING}/api/schedule/search?q=${zip}&days=mon,tue,wed,thur,fri,sat,sun`)).json())
    .data.rows as { zip: string; days: string; overnight: boolean }[];

before(async () => {
  app = await startService(buildApp, suiteEnv('days'));
  await seedReadModels();
  // a zip no route serves yet (Alaska's 99xxx: the demo routes are Californian)
  for (let i = 0; i < 20 && !zip; i++) {
    const z = `99${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const found = await routing('POST', '/api/routes/find', { zip: z });
    if (!found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) zip = z;
  }
  assert.ok(zip, 'a free zip');
  await Licence.create({
    licenseKey: DEST,
    'License #': DEST,
    Licensee: 'Days Store',
    DBA: 'Days Store DBA',
    'Street Address': '7 Harbor Way',
    City: 'Oakland',
    Zip: zip,
    emails: ['private@days.test'],
    asOf: new Date('2100-01-01'),
  });
  const made = await routing('POST', '/api/routes/create', {
    route: {
      name: `Seam ${zip}`,
      data: {
        startTime: '07:00',
        rows: [{ city: 'Oakland', zipCode: zip, dayOfTheWeek: 'mon,wed,fri', overnight: true, price: 1 }],
      },
    },
  });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  routeId = made.json.data.route.id;
  await waitFor(async () => ((await publicRows()).length ? true : undefined), 10_000);
});
after(async () => {
  if (routeId) await routing('POST', '/api/routes/delete', { route: { id: routeId } });
  await app?.close();
});

test('an overnight Mon/Wed/Fri route: the public schedule, the form and a vendor order agree on Mon, Wed, Fri', async () => {
  const rows = await publicRows();
  assert.deepEqual(
    rows.map((r) => [r.zip, r.days, r.overnight]),
    [[zip, 'Mon, Wed, Fri', true]],
  );
  const listed = rows[0]!.days.split(', ');

  // the form's answer: the licence's address and zip, and the days (no mail address of the licence)
  const dest = await call(app, Role.AccountAdmin, 'GET', `/api/orders/destination?licence=${DEST}`);
  assert.equal(dest.statusCode, 200, dest.body);
  const d = dest.json().data;
  assert.deepEqual(
    [d.destination['Street Address'], d.destination.City, d.destination.Zip, d.zip],
    ['7 Harbor Way', 'Oakland', zip, zip],
  );
  assert.equal(d.destination.emails, undefined, 'no mail address leaves with the record');
  assert.deepEqual([...new Set((d.days as string[]).map(weekdayOf))].sort(), [...listed].sort());
  assert.deepEqual(
    d.overnightDays,
    d.days,
    'each day of the overnight route arrives the day after (orders §2)',
  );
  const byZip = (await call(app, Role.AccountAdmin, 'GET', `/api/orders/destination?zip=${zip}`)).json().data;
  assert.deepEqual([byZip.destination, byZip.days], [null, d.days], 'a typed zip gets the same days');

  // a vendor's order on each of seven days in a row: accepted exactly on the listed weekdays
  const accepted: string[] = [];
  for (let i = 2; i < 9; i++) {
    const day = new Date(Date.now() + i * DAY_MS).toISOString().slice(0, 10);
    const res = await call(app, Role.AccountAdmin, 'POST', '/api/orders/create', {
      order: orderInput({ destinationLN: DEST, preferredDelivery: noon(day) }),
    });
    if (res.statusCode === 200) accepted.push(weekdayOf(day));
    else {
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().detail, M.dayNotAllowed, `${day}: ${res.body}`);
    }
  }
  assert.deepEqual(accepted.sort(), [...listed].sort(), 'orders accepts the days the public schedule lists');
});

test('role × endpoint: every signed-in role may ask for a destination', async () => {
  const POLICY: Policy = { 'GET /api/orders/destination': ALL_ROLES };
  const mine = (r: { url: string }) => r.url === '/api/orders/destination';
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('the destination call: signed in only; an unlisted licence has no record and no days', async () => {
  assert.equal(
    (await call(app, undefined, 'GET', `/api/orders/destination?licence=${DEST}`)).statusCode,
    401,
  );
  const none = await call(app, Role.User, 'GET', '/api/orders/destination?licence=NOPE-404');
  assert.equal(none.statusCode, 200, none.body);
  assert.deepEqual(none.json().data, {
    destination: null,
    zip: '',
    days: [],
    overnightDays: [],
    pickupRoute: [],
  });
  const own = await call(app, Role.User, 'GET', `/api/orders/destination?licence=${LIC.DEST}`);
  assert.equal(own.json().data.destination.Zip, '93326');
});
