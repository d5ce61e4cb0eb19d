// What an order takes from the routes, on the running portal with the fixtures' own licences and users: the
// all-available mode (orders §5: an unlisted NM- destination on a day no route serves; §4: Cancel disabled in it),
// overnight (orders §2 lists: the clock and the delivery date plus one, from the route row's overnight flag, §3) and
// pickups (orders §3 the licence record's pickupRoute becomes the order's pickup route; §5 the admins' pickup-day
// confirmation). At 1366x900 and 390x844, screenshots in e2e/artifacts (order-routes-*.png).
import { randomInt } from 'node:crypto';
import { OrderMessages as M, Role, type Order } from '@portal/contracts';
import { test, expect, APP, type ApiClient, type Page } from '@portal/e2e/fixtures';

let routeId = '';

/** The next date (YYYY-MM-DD) on the given UTC weekday (0 Sunday … 6 Saturday), at least `min` days away. */
function next(weekday: number, min = 2): string {
  const d = new Date(Date.now() + min * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const plusOne = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A zip no route serves yet, then an overnight Mon/Wed/Fri route of the test's own serving it. */
async function overnightRoute(admin: ApiClient): Promise<{ zip: string; name: string }> {
  for (let i = 0; i < 20; i++) {
    const zip = `99${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const found = await admin.call('/api/routes/find', { zip });
    if (found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) continue;
    const name = `E2E night ${zip}`;
    const r = await admin.call('/api/routes/create', {
      route: {
        name,
        data: {
          startTime: '20:00',
          rows: [{ city: 'Oakland', zipCode: zip, dayOfTheWeek: 'mon,wed,fri', overnight: true, price: 0 }],
        },
      },
    });
    expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
    routeId = r.json.data.route.id;
    return { zip, name };
  }
  throw new Error('no free zip');
}

test.afterEach(async ({ api }) => {
  if (routeId) await (await api(Role.Admin)).call('/api/routes/delete', { route: { id: routeId } });
  routeId = '';
});

async function openCreate(page: Page) {
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
}

test('orders §5 all-available mode: a vendor places an order to an unlisted NM- licence on any day; §4 its Cancel is disabled', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const vendorLic = await testData.licence('allroutes');
  const vendorEmail = await testData.signedUpUser(`e2e-allroutes-${Date.now()}@test.portal`, vendorLic);
  const nm = `NM-REC-E2E-${Date.now()}`; // recreational (an R): the licence type check passes (orders §5)
  const page = await signedInAs(vendorEmail);
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openCreate(page);
    await page.getByTestId('order-orderType').selectOption('layover');
    await page.getByTestId('order-destinationLN').fill(nm);
    await page.getByTestId('order-destinationLN').blur();
    await expect(page.getByText(M.licenceNotFound, { exact: true })).toBeVisible();
    await page.getByTestId('order-destAddress').pressSequentially('12 Mesa Rd');
    await page.getByTestId('order-destCity').pressSequentially('Santa Fe');
    await page.getByTestId('order-destZip').pressSequentially('87501');
    await page.getByTestId('order-preferredDelivery').fill(next(2)); // no route serves 87501
    await page.getByTestId('order-invoice').fill(`E2E-ALL-${width}`);
    await page.getByTestId('order-showAllRoutes').check();
    await expect(page.getByTestId('order-allowed-days')).toContainText('All routes are available');
    await expect(page.getByText(M.licenceNotFound, { exact: true })).toHaveCount(0);
    await shot(page, `order-routes-all-available-${width}`);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/create'));
    await page.getByTestId('order-submit').click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    const order = (await answer.json()).data.order as Order;
    expect(order.data.order.showAllRoutes).toBe(true);
    expect(order.data.destCompany).toMatchObject({ 'Street Address': '12 Mesa Rd', Zip: '87501' });

    await page.goto(`${APP}/dashboard/orders?id=${order.id}`);
    const cancel = page.getByTestId('order-cancel');
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAttribute('title', M.cancelAllRoutes);
    await cancel.scrollIntoViewIfNeeded();
    await shot(page, `order-routes-no-cancel-${width}`);
    const refused = await (await api(vendorEmail)).call('/api/orders/cancel', { order: { id: order.id } });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(M.cancelAllRoutes);
  }
});

test('orders §2 overnight and §3/§5 pickups: the clock and the day after in the lists; the licence pickup route; the admins pickup-day question', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const admin = await api(Role.Admin);
  const { zip, name } = await overnightRoute(admin);
  const vendorLic = await testData.licence('nightvendor');
  const vendorId = testData.licences.at(-1)!;
  const receiverLic = await testData.licence('nightreceiver');
  const receiverId = testData.licences.at(-1)!;
  const base = { Licensee: 'E2E night Holdings LLC', DBA: 'E2E night', City: 'Oakland' };
  // the receiver sits on the overnight route's zip; the vendor's licence record picks up on Tuesdays on that route
  for (const record of [
    { id: receiverId, 'License #': receiverLic, ...base, 'Street Address': '7 Harbor Way', Zip: zip },
    {
      id: vendorId,
      'License #': vendorLic,
      ...base,
      'Street Address': '1 Test Way',
      Zip: '90001',
      pickupRoute: [{ route: name, day: 'tue' }],
    },
  ]) {
    const up = await admin.call('/api/license/update', { record });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
  }
  const vendorEmail = await testData.signedUpUser(`e2e-nightvendor-${Date.now()}@test.portal`, vendorLic);
  const vendorApi = await api(vendorEmail);
  await expect
    .poll(
      async () =>
        (await vendorApi.call(`/api/orders/destination?licence=${vendorLic}`)).json.data?.pickupRoute,
      {
        timeout: 15_000,
      },
    )
    .toEqual([{ route: name, day: 'tue' }]);
  await expect
    .poll(
      async () => (await vendorApi.call(`/api/orders/destination?licence=${receiverLic}`)).json.data?.zip,
      {
        timeout: 15_000,
      },
    )
    .toBe(zip);

  const monday = next(1, 3);
  const made = await vendorApi.call('/api/orders/create', {
    order: {
      data: {
        order: {
          orderDef: 'ext',
          orderType: 'layover',
          pickupLN: vendorLic,
          destinationLN: receiverLic,
          preferredPickup: `${monday}T12:00:00.000Z`,
          preferredDelivery: `${monday}T12:00:00.000Z`,
        },
        billing: { invoice: 'E2E-NIGHT-1' },
      },
    },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const order = made.json.data.order as Order;
  expect(order.data.order.overnight, 'the Monday run is overnight').toBe(true);
  expect(order.data.order.pickupRoute, "the licence record's pickup route").toBe(name);

  const page = await signedInAs(Role.Admin);
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${APP}/dashboard/adminManageOrders`);
    await page.getByTestId('orders-search').fill(order.orderId);
    const clock = page.getByTestId('order-overnight').filter({ hasText: plusOne(monday) });
    await expect(clock).toBeVisible({ timeout: 15_000 });
    await shot(page, `order-routes-overnight-${width}`);

    await page.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
    const modal = page.getByTestId('order-modal');
    await expect(modal.getByTestId('order-pickupRoute')).toHaveValue(name);
    await modal.getByTestId('order-submit').click();
    const ask = page.getByTestId('order-confirm');
    await expect(ask).toContainText(M.adminPickupDayConfirm('Tuesday'));
    await shot(page, `order-routes-pickup-day-${width}`);
    await page.getByTestId('order-confirm-no').click();
  }
});
