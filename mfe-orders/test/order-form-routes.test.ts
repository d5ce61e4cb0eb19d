// The order form and the routes: the all-available mode (orders §5 the NM- exemption and any delivery day, §4 no
// Cancel in it), the delivery route choices of the destination zip, and the admins' pickup-day confirmation from
// the originating licence's pickup route (orders §5, §3 licence record pickupRoute). Fakes typed by the contracts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OrderMessages as M, Role, orderDeliveryDays, type Route } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { admin, licences, me, nextWeekdays, order, routesFor, vendor } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wednesdays = nextWeekdays(3, 4);
const thursday = nextWeekdays(4, 1)[0]!;
let ui: Mounted;
let role: number = Role.AccountAdmin;
let stored = order({ showAllRoutes: true });

const route = (name: string, zip: string): Route => ({
  id: `r-${name}`,
  name,
  data: {
    startTime: '08:00',
    rows: [
      {
        id: `${name}-1`,
        city: 'X',
        zipCode: zip,
        dayOfTheWeek: 'wed',
        biWeekly: false,
        overnight: false,
        data: {},
      },
    ],
  },
  created: '2026-11-01T00:00:00.000Z',
  lastUpdated: '2026-11-01T00:00:00.000Z',
});

before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/forms.tsx'), exportName: 'CreateOrder' },
    {
      'GET /api/users/me': () => [200, me(role)],
      'GET /api/license/licensenumbers': () => [200, licences],
      'GET /api/orders/destination': (_b, url) => {
        const q = (url as URL).searchParams;
        const licence = q.get('licence') ?? '';
        const zip = licence === 'C10-0000202-LIC' ? '97201' : (q.get('zip') ?? '');
        const days = orderDeliveryDays(routesFor(zip, wednesdays).data.routes);
        // the vendor's own licence picks up on Tuesdays on "Coast" (its licence record)
        const pickupRoute = licence === 'C11-0000101-LIC' ? [{ route: 'Coast', day: 'tue' }] : [];
        // the Wednesday route runs overnight (orders §3 route row): its goods arrive on Thursday
        return [200, { data: { destination: null, zip, days, overnightDays: days, pickupRoute } }];
      },
      'POST /api/orders/create': () => [200, { data: { order: order() } }],
      'GET /api/orders/o-1': () => [200, { data: { order: stored } }],
      'POST /api/orders/update': () => [200, { data: { order: stored } }],
      'GET /api/orders/o-1/history': () => [200, { data: { orderId: 'G-100001', entries: [] } }],
      'GET /api/drivers': () => [200, { data: { drivers: [] } }],
      'GET /api/routes': () => [
        200,
        { data: { routes: [route('North', '97201'), route('Coast', '97401'), route('Desert', '88001')] } },
      ],
    },
  );
});
after(() => ui?.close());

test('orders §5 all-available mode: a vendor to an unlisted NM- licence on any day; the body asks for the mode', async () => {
  role = Role.AccountAdmin;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder', user: vendor });
  await page.getByTestId('order-form').waitFor();
  assert.equal(await page.getByTestId('order-showAllRoutes').count(), 0, 'no mode for a listed destination');
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill('NM-55001');
  await page.getByTestId('order-destinationLN').blur();
  await page.getByText(M.licenceNotFound, { exact: true }).waitFor();
  // typed key by key: an unlisted licence's name and address stay editable while they are typed
  await page.getByTestId('order-destName').pressSequentially('Mesa Dispensary', { timeout: 2_000 });
  await page.getByTestId('order-destAddress').pressSequentially('1 Mesa Rd');
  await page.getByTestId('order-destZip').pressSequentially('97201');
  await page.getByTestId('order-preferredDelivery').fill(thursday);
  await page.getByTestId('order-preferredDelivery').blur();
  await page.getByText(M.dayNotAllowed, { exact: true }).waitFor();
  await page
    .getByTestId('order-overnight-note')
    .getByText('Wednesday: an overnight route, the goods arrive the day after.')
    .waitFor();

  await page.getByTestId('order-showAllRoutes').check();
  await page.getByTestId('order-allowed-days').getByText('All routes are available').waitFor();
  assert.equal(await page.getByText(M.licenceNotFound, { exact: true }).count(), 0, 'NM- exempt in the mode');
  assert.equal(await page.getByText(M.dayNotAllowed, { exact: true }).count(), 0, 'any day in the mode');
  await page.getByTestId('order-invoice').fill('INV-9');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-form-all-routes.png') });
  await page.getByTestId('order-submit').click();
  await page.getByText(M.created).waitFor();
  const create = ui.calls.find((c) => c.call === 'POST /api/orders/create')!.body as {
    order: { data: { order: Record<string, unknown>; destCompany: Record<string, unknown> } };
  };
  assert.equal(create.order.data.order.showAllRoutes, true);
  assert.equal(create.order.data.order.destinationLN, 'NM-55001');
  assert.equal(
    create.order.data.destCompany.Licensee,
    'Mesa Dispensary',
    'the typed name goes with the order',
  );
  assert.equal(create.order.data.destCompany['Street Address'], '1 Mesa Rd');
  assert.equal(create.order.data.destCompany.Zip, '97201');
  await page.close();
});

test('orders §4: Cancel Order is disabled in the all-available mode (the reason as its title); the vendor cannot turn it off', async () => {
  role = Role.AccountAdmin;
  stored = order({ showAllRoutes: true });
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: vendor });
  const cancel = page.getByTestId('order-cancel');
  await cancel.waitFor();
  assert.equal(await cancel.isDisabled(), true);
  assert.equal(await cancel.getAttribute('title'), M.cancelAllRoutes);
  assert.equal(await page.getByTestId('order-showAllRoutes').isDisabled(), true);
  await page.close();

  stored = order();
  const plain = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: vendor });
  await plain.getByTestId('order-cancel').waitFor();
  assert.equal(await plain.getByTestId('order-cancel').isDisabled(), false);
  await plain.close();
});

test("orders §5 admins: a pickup day off the licence's pickup route asks first; delivery routes are the zip's unless all are available", async () => {
  role = Role.Admin;
  // delivery on a Wednesday, pickup on the Monday before it: the licence picks up on Tuesdays
  const monday = new Date(Date.parse(`${wednesdays[1]}T00:00:00Z`) - 2 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  stored = order({
    preferredDelivery: `${wednesdays[1]}T12:00:00.000Z`,
    preferredPickup: `${monday}T12:00:00.000Z`,
  });
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: admin });
  await page.getByTestId('order-form').waitFor();
  const options = async () =>
    page
      .getByTestId('order-route')
      .locator('option')
      .evaluateAll((os) => os.map((o) => o.textContent));
  assert.deepEqual(
    (await options()).filter((t) => t !== '—'),
    ['North'],
    "the destination zip's routes",
  );
  await page.getByTestId('order-showAllRoutes').check();
  assert.deepEqual(
    (await options()).filter((t) => t !== '—'),
    ['North', 'Coast', 'Desert'],
    'every route',
  );
  const pickupOptions = await page
    .getByTestId('order-pickupRoute')
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.textContent));
  assert.equal(pickupOptions.filter((t) => t !== '—')[0], 'Coast', "the licence's pickup route first");

  await page.getByTestId('order-submit').click();
  const ask = page.getByTestId('order-confirm');
  await ask.getByText(M.adminPickupDayConfirm('Tuesday')).waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-form-pickup-day.png') });
  assert.equal(
    await ask.getByText(/delivery date does not match/).count(),
    0,
    'all routes: no delivery question',
  );
  await page.getByTestId('order-confirm-yes').click();
  await page.getByText(M.updated).waitFor();
  const update = ui.calls.find((c) => c.call === 'POST /api/orders/update')!.body as {
    order: { data: { order: Record<string, unknown> } };
  };
  assert.equal(update.order.data.order.showAllRoutes, true, 'staff set the mode');
  await page.close();
});
