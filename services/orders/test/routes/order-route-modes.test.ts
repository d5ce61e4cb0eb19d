// What an order takes from the routes, at the seam between routing and orders (real stack: the running routing
// service, this suite's own orders database): the all-available mode (orders §4 Cancel, §5 Destination and delivery
// days), overnight (orders §2 order lists, §3 route row) and the pickup route from the licence record (orders §3).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OrderMessages as M, Role } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Licence } from '../../src/models/licence.js';
import { Order } from '../../src/models/order.js';
import {
  LIC,
  call,
  nextWeekday,
  noon,
  orderInput,
  seedReadModels,
  suiteEnv,
  routingPost,
} from './order-helpers.js';

const DEST = 'TST-NIGHT-6001';
const NM = 'NM-TST-77001';
let app: FastifyInstance;
let zip = '';
let routeName = '';
let routeId = '';

const routing = routingPost;
const post = (role: number, path: string, order: object) =>
  call(app, role as never, 'POST', `/api/orders/${path}`, { order });
const stored = async (id: string) => (await Order.findById(id).lean<any>()).data.order;

before(async () => {
  app = await startService(buildApp, suiteEnv('routemodes'));
  await Order.deleteMany({});
  await seedReadModels();
  for (let i = 0; i < 20 && !zip; i++) {
    const z = `99${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const found = await routing('/api/routes/find', { zip: z });
    if (!found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) zip = z;
  }
  assert.ok(zip, 'a zip no route serves yet');
  routeName = `Night ${zip}`;
  const made = await routing('/api/routes/create', {
    route: {
      name: routeName,
      data: {
        startTime: '20:00',
        rows: [{ city: 'Juneau', zipCode: zip, dayOfTheWeek: 'mon,wed,fri', overnight: true, price: 1 }],
      },
    },
  });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  routeId = made.json.data.route.id;
  await Licence.create({
    licenseKey: DEST,
    'License #': DEST,
    Licensee: 'Night Store',
    DBA: 'Night Store',
    'Street Address': '9 Dock St',
    City: 'Juneau',
    Zip: zip,
    emails: [],
    asOf: new Date('2100-01-01'),
  });
  // the originating licence's pickup routes (accounts' licence record, as orders' read model keeps it)
  await Licence.updateOne(
    { licenseKey: LIC.A },
    {
      $set: {
        pickupRoute: [
          { route: 'North Coast', day: 'tue' },
          { route: 'Bay Area', day: 'thur' },
        ],
      },
    },
  );
  await waitFor(async () => {
    const f = await routing('/api/routes/find', { zip });
    return f.json.data.routes.some((r: { name: string }) => r.name === routeName) ? true : undefined;
  }, 10_000);
});
after(async () => {
  if (routeId) await routing('/api/routes/delete', { route: { id: routeId } });
  await app?.close();
});

test('orders §5 all-available mode: an unlisted NM- destination on any day; a listed one only by staff; orders §4 no Cancel in it', async () => {
  const tuesday = noon(nextWeekday(2, 2)); // the zip's route runs Mon/Wed/Fri
  const nmOrder = (over: object = {}) =>
    orderInput({ destinationLN: NM, preferredDelivery: tuesday, ...over });
  const nmAddress = { 'License #': NM, 'Street Address': '1 Mesa Rd', City: 'Juneau', Zip: zip };

  const refused = await post(Role.AccountAdmin, 'create', nmOrder());
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().errors.destinationLN, M.licenceNotFound);

  const placed = await post(Role.AccountAdmin, 'create', {
    data: { ...nmOrder({ showAllRoutes: true }).data, destCompany: nmAddress },
  });
  assert.equal(placed.statusCode, 200, placed.body);
  const o = placed.json().data.order;
  assert.equal((await stored(o.id)).showAllRoutes, true);

  const listed = await post(
    Role.AccountAdmin,
    'create',
    orderInput({ destinationLN: DEST, showAllRoutes: true }),
  );
  assert.equal(listed.statusCode, 400, listed.body);
  assert.equal(listed.json().detail, M.allRoutesNmOnly);
  const byStaff = await post(
    Role.Admin,
    'create',
    orderInput({ destinationLN: DEST, preferredDelivery: tuesday, showAllRoutes: true }),
  );
  assert.equal(byStaff.statusCode, 200, byStaff.body);

  // the mode is asked for when placing; afterwards it is staff's
  const plain = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  const later = await post(Role.AccountAdmin, 'update', {
    id: plain.id,
    version: plain.version,
    data: { order: { showAllRoutes: true } },
  });
  assert.equal(later.statusCode, 403, later.body);

  for (const role of [Role.AccountAdmin, Role.Admin]) {
    const cancel = await post(role, 'cancel', { id: o.id });
    assert.equal(cancel.statusCode, 409, cancel.body);
    assert.equal(cancel.json().detail, M.cancelAllRoutes);
  }
  assert.equal((await post(Role.AccountAdmin, 'cancel', { id: plain.id })).statusCode, 200);
});

test('orders §2/§3 overnight: an order delivered by an overnight route row is marked, and follows its delivery day', async () => {
  const monday = nextWeekday(1, 2);
  const res = await post(
    Role.AccountAdmin,
    'create',
    orderInput({ destinationLN: DEST, preferredDelivery: noon(monday) }),
  );
  assert.equal(res.statusCode, 200, res.body);
  const o = res.json().data.order;
  assert.equal((await stored(o.id)).overnight, true, 'the Mon/Wed/Fri overnight row delivers it');

  // staff move the approved delivery to a day no row runs, then back to a route day
  const tuesday = nextWeekday(2, 2);
  const off = await post(Role.Admin, 'update', {
    id: o.id,
    version: o.version,
    data: { order: { deliveryDate: noon(tuesday), status: 1 } },
  });
  assert.equal(off.statusCode, 200, off.body);
  assert.equal((await stored(o.id)).overnight, false);
  const wednesday = nextWeekday(3, 2);
  const on = await post(Role.Admin, 'update', {
    id: o.id,
    version: off.json().data.order.version,
    data: { order: { deliveryDate: noon(wednesday) } },
  });
  assert.equal(on.statusCode, 200, on.body);
  assert.equal((await stored(o.id)).overnight, true);

  // a route that is not overnight (the demo's Saturday route for LIC.DEST) leaves it unmarked
  const day = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  assert.equal((await stored(day.id)).overnight, false);

  // the order lists read the flag (their clock and date + 1)
  const row = async (orderId: string) => {
    const list = await call(app, Role.Admin, 'GET', `/api/orders?q=${orderId}`);
    assert.equal(list.statusCode, 200, list.body);
    return (list.json().data.orders as { orderId: string; overnight: boolean }[]).find(
      (r) => r.orderId === orderId,
    );
  };
  assert.equal((await row(o.orderId))?.overnight, true, 'the list row');
  assert.equal((await row(day.orderId))?.overnight, false);
});

test('orders §3 pickup route: taken from the originating licence record (the entry of the pickup weekday, else the first)', async () => {
  const thursday = noon(nextWeekday(4, 1));
  const onThursday = (
    await post(Role.AccountAdmin, 'create', orderInput({ preferredPickup: thursday }))
  ).json().data.order;
  assert.equal((await stored(onThursday.id)).pickupRoute, 'Bay Area');
  const none = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  assert.equal((await stored(none.id)).pickupRoute, 'North Coast');
  const chosen = await post(Role.Admin, 'create', orderInput({ pickupRoute: 'SoCal' }));
  assert.equal((await stored(chosen.json().data.order.id)).pickupRoute, 'SoCal', "staff's choice stays");

  // the form's pickup-day question reads the same entries
  const dest = await call(app, Role.Admin, 'GET', `/api/orders/destination?licence=${LIC.A}`);
  assert.deepEqual(dest.json().data.pickupRoute, [
    { route: 'North Coast', day: 'tue' },
    { route: 'Bay Area', day: 'thur' },
  ]);
});
