// Journey, evening: what an order takes from the routes, played by the vendor, the receiver and a dispatcher.
// Overnight (orders §2–3): the vendor orders to a zip only an overnight route serves; the form says the goods arrive
// the day after; every role's list shows the clock and the delivery date + 1, and the daily schedule has the
// delivery on the route's run day (the driver's night), not on the arrival day. Pickups (orders §3, §5): the order
// takes the vendor licence's pickup route, the schedule shows the pickup there on its day, and staff moving it off
// the licence's pickup day are asked first. The data is the evening's own (routes-setup.ts); 13-… goes on from it.
import { OrderMessages as M, OrderStatus, ORDER_STATUS_NAMES, Role } from '@portal/contracts';
import { APP, DEMO, type ApiClient, type Page, type Who } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { readRoutesDay, writeRoutesDay, type RoutesDay } from '../fixtures/journey-routes.ts';
import { evening } from './routes-setup.ts';
import { clockText, layoverTo, optionsOf, rowShows, submitCreate } from './routes-views.ts';
import { listRow, onSchedule, scheduleShows, stored } from './views.ts';

const approved = ORDER_STATUS_NAMES[OrderStatus.approved];
type List = 'outgoing' | 'incoming' | 'admin';

/** The three lists the order shows in, as the vendor, the receiver and staff get them (data, then page). */
async function lists(
  s: RoutesDay,
  api: (who: Who) => Promise<ApiClient>,
  open: (email: string) => Promise<Page>,
): Promise<[string, ApiClient, List, Page, string][]> {
  return [
    [
      'the vendor’s Outgoing',
      await api(s.vendor.email),
      'outgoing',
      await open(s.vendor.email),
      '/dashboard/orders',
    ],
    [
      'the receiver’s Incoming',
      await api(s.receiver.email),
      'incoming',
      await open(s.receiver.email),
      '/dashboard/incomingorders',
    ],
    [
      'staff’s Manage Orders',
      await api(Role.Admin),
      'admin',
      await open(DEMO[Role.Admin]),
      '/dashboard/adminManageOrders',
    ],
  ];
}

test('overnight: the vendor orders to a zip an overnight route serves; the form and every list show the day after', async ({
  api,
  mailbox,
  open,
  look,
}) => {
  const staff = await api(Role.Admin);
  const s = await evening(staff, mailbox);

  // --- the vendor's form: the served days, then the overnight note naming the arrival day
  const page = await open(s.vendor.email);
  await layoverTo(page, s.receiver.licence);
  await expect(page.getByTestId('order-pickupLN')).toHaveValue(s.vendor.licence);
  await expect(page.getByTestId('order-destZip')).toHaveValue(s.zip, SOON);
  await expect(page.getByTestId('order-allowed-days')).toHaveText(
    `Delivery days for ${s.zip}: Monday, Wednesday, Friday`,
    SOON,
  );
  await page.getByTestId('order-preferredPickup').fill(s.tue);
  await page.getByTestId('order-preferredDelivery').fill(s.wed);
  await seen('the form: an overnight route, arriving the day after', () =>
    expect(page.getByTestId('order-overnight-note')).toHaveText(
      `Overnight route: the goods arrive the day after, ${s.thu}.`,
    ),
  );
  // a vendor cannot ask for every route to a listed licence
  await expect(page.getByTestId('order-showAllRoutes')).toHaveCount(0);
  await page.getByTestId('order-invoice').fill(`NGT-${s.tag}`);
  await page.getByTestId('order-amount').fill('88.00');
  await look(page, '12-overnight-order-form');
  const order = await submitCreate(page);
  s.orders.push(order.id);
  s.order = { id: order.id, orderId: order.orderId };
  writeRoutesDay(s);
  await expect(page.getByText(M.created).first()).toBeVisible();
  expect(order.data.order.overnight, 'the Wednesday run is overnight').toBe(true);
  expect(order.data.order.pickupRoute, 'the vendor licence’s pickup route').toBe(s.pickup.name);

  // --- every role's list: the clock and Thursday, preferred until staff approve
  for (const [where, client, list, p, path] of await lists(s, api, open)) {
    await seen(`${where}: overnight, the clock and ${s.thu} (preferred)`, async () => {
      await expect
        .poll(async () => (await listRow(client, list, order.orderId, s.mon))?.overnight, SOON)
        .toBe(true);
      await rowShows(p, path, order.orderId, order.orderId);
      expect(await clockText(p, order.orderId)).toBe(`${s.thu} (preferred)`);
    });
    await look(p, `12-overnight-${list}`);
  }
});

test('staff approve the overnight order: the clock and the arrival day in every list; the run day and the pickup on the schedule', async ({
  api,
  open,
  look,
}) => {
  const s = readRoutesDay();
  expect(s.order, 'the overnight order was handed over').toBeTruthy();
  const order = s.order!;
  const staff = await api(Role.Admin);
  const shown = await lists(s, api, open);
  // --- staff approve it on the overnight route (Tuesday pickup: the licence's pickup day, nothing to confirm)
  const admin = shown[2][3];
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
  const modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${order.orderId}` })).toBeVisible();
  await expect(modal.getByTestId('order-pickupRoute')).toHaveValue(s.pickup.name);
  // the routes load after the order: the select is read once it offers them
  await expect
    .poll(() => optionsOf(admin, 'order-route'), { message: 'the delivery routes serving the zip' })
    .toContain(s.night.name);
  expect(await optionsOf(admin, 'order-route'), 'not a route that does not serve the zip').not.toContain(
    s.pickup.name,
  );
  await modal.getByTestId('order-pickupDate').fill(s.tue);
  await modal.getByTestId('order-deliveryDate').fill(s.wed);
  await modal.getByTestId('order-route').selectOption({ label: s.night.name });
  await modal.getByTestId('order-status').selectOption(String(OrderStatus.approved));
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated).first()).toBeVisible();
  await expect(admin.getByTestId('order-confirm'), 'no route-day question').toHaveCount(0);
  await admin.keyboard.press('Escape');

  await seen('stored: approved, overnight, on the night route, picked up on the pickup route', async () => {
    const o = await stored(staff, order.id);
    expect([o.status, o.data.order.overnight, o.data.order.pickupRoute]).toEqual([
      OrderStatus.approved,
      true,
      s.pickup.name,
    ]);
  });
  for (const [where, client, list, p, path] of shown)
    await seen(`${where}: approved, the clock and ${s.thu}`, async () => {
      await expect
        .poll(async () => (await listRow(client, list, order.orderId, s.mon))?.statusName, SOON)
        .toBe(approved);
      await rowShows(p, path, order.orderId, approved);
      expect(await clockText(p, order.orderId)).toBe(s.thu);
    });
  await look(shown[0][3], '12-overnight-vendor-approved');

  // --- the daily schedule: delivered by the night route on its run day (Wednesday), picked up on Tuesday
  await seen('Wednesday’s schedule: the night route’s Deliveries', () =>
    scheduleShows(admin, staff, true, s.wed, s.night.id, order.id, OrderStatus.approved),
  );
  await look(admin, '12-overnight-schedule-wednesday');
  await seen('Thursday’s schedule (the arrival day) does not list it', async () =>
    expect(await onSchedule(staff, s.thu, order.id, true)).toBeUndefined(),
  );
  await seen('Tuesday’s schedule: the pickup route’s Layover Pickup', async () => {
    await expect
      .poll(async () => (await onSchedule(staff, s.tue, order.id, true))?.routeId, SOON)
      .toBe(s.pickup.id);
    await admin.goto(`${APP}/dashboard/manageSchedule?date=${s.tue}`);
    await expect(
      admin.getByTestId(`section-${s.pickup.id}-layover`).getByTestId(`status-${order.id}`),
    ).toHaveText(approved);
  });
  await look(admin, '12-pickup-schedule-tuesday');
});

test('pickups: staff moving the pickup off the licence’s pickup day are asked; the schedule follows to the new day', async ({
  api,
  open,
  look,
}) => {
  const s = readRoutesDay();
  expect(s.order, 'the overnight test handed over its order').toBeTruthy();
  const { id, orderId } = s.order!;
  const staff = await api(Role.Admin);
  const admin = await open(DEMO[Role.Admin]);
  // the form reads the originating licence's pickup days beside the order: the dispatcher edits once they are in
  const pickupDays = admin.waitForResponse(
    (r) => r.url().includes('/api/orders/destination?') && r.url().includes(s.vendor.licence),
  );
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${id}`);
  const modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${orderId}` })).toBeVisible();
  expect((await pickupDays).status()).toBe(200);
  await modal.getByTestId('order-pickupDate').fill(s.mon);
  await modal.getByTestId('order-submit').click();
  const ask = admin.getByTestId('order-confirm');
  await seen('the pickup-day question naming the licence’s pickup day', () =>
    expect(ask).toContainText(M.adminPickupDayConfirm('Tuesday')),
  );
  await look(admin, '12-pickup-day-question');
  await admin.getByTestId('order-confirm-yes').click();
  await expect(admin.getByText(M.updated).first()).toBeVisible();
  await admin.keyboard.press('Escape');

  await seen('stored: picked up on Monday, still on the licence’s pickup route', async () => {
    const o = await stored(staff, id);
    expect([o.data.order.pickupDate?.slice(0, 10), o.data.order.pickupRoute]).toEqual([s.mon, s.pickup.name]);
  });
  await seen('Monday’s schedule: the pickup route’s Layover Pickup', async () => {
    await expect
      .poll(async () => (await onSchedule(staff, s.mon, id, true))?.routeId, SOON)
      .toBe(s.pickup.id);
    await admin.goto(`${APP}/dashboard/manageSchedule?date=${s.mon}`);
    await expect(admin.getByTestId(`section-${s.pickup.id}-layover`).getByTestId(`status-${id}`)).toHaveText(
      approved,
    );
  });
  await look(admin, '12-pickup-schedule-monday');
  await seen('Tuesday’s schedule no longer has the pickup', () =>
    expect.poll(async () => onSchedule(staff, s.tue, id, true), SOON).toBeUndefined(),
  );
  await seen('the vendor’s Outgoing: the approved pickup on Monday', async () =>
    expect
      .poll(
        async () => (await listRow(await api(s.vendor.email), 'outgoing', orderId, s.mon))?.pickupDate,
        SOON,
      )
      .toMatch(new RegExp(`^${s.mon}`)),
  );
});
