// What a user must see (daily schedule), on the running portal: an admin's schedule for a day shows a seeded order in
// its route's Deliveries section; a second browser (another admin) sets the route In Transit and the first sees
// the statuses change without a reload (live stream); the demo driver sees only the order they drive. Orders, route
// and day are the test's own (removed after it). Screenshots at 1280 and 390 px in /tmp/shots-ui.
import { mkdirSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { DispatchMessages as DM } from '@portal/contracts/dispatch';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';
import {
  fleetDriverId,
  removeSchedule,
  scheduleOrder,
  scheduleRoute,
  type ScheduleFixture,
} from '../../e2e/fixtures/schedule.ts';

const SHOTS = '/tmp/shots-ui';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('admin sees the seeded order in its section; another admin sets In Transit and it changes live; the driver sees only theirs', async ({
  signedInAs,
  api,
  testData,
}) => {
  test.setTimeout(120_000);
  const admin = await api(Role.Admin);
  let f: ScheduleFixture | undefined;
  try {
    f = await scheduleRoute(admin);
    const from = await testData.licence('schedpick');
    const to = await testData.licence('schedshop');
    const mine = await scheduleOrder(admin, f, {
      from,
      to,
      invoice: 'E2E-SCHED-1',
      driver: await fleetDriverId(admin),
    });
    const other = await scheduleOrder(admin, f, { from, to, invoice: 'E2E-SCHED-2' });
    const url = `${APP}/dashboard/manageSchedule?date=${f.day}`;

    // the first admin: both orders under the route's Deliveries, approved
    const first = await signedInAs(Role.Admin);
    await first.goto(url);
    const section = first.getByTestId(`section-${f.routeId}-deliveries`);
    await expect(section.getByTestId(`order-link-${mine.id}`)).toHaveText(mine.orderId);
    await expect(section.getByTestId(`status-${mine.id}`)).toHaveText('Order Approved');
    await expect(section.getByTestId(`order-link-${other.id}`)).toHaveText(other.orderId);
    await expect(first.getByTestId(`counts-${f.routeId}`)).toContainText('Deliveries: 2');
    await expect(first.getByTestId('schedule-live')).toHaveText('live');
    await first.getByTestId(`route-${f.routeId}`).scrollIntoViewIfNeeded();
    await snap(first, 'schedule-admin-1280');

    // a second browser sets the route In Transit
    const second = await signedInAs(Role.Admin);
    await second.goto(url);
    await second.getByTestId(`route-transit-${f.routeId}`).click();
    await expect(second.getByTestId('schedule-confirm')).toContainText(DM.inTransitConfirm);
    await second.getByTestId('schedule-confirm-yes').click();
    await expect(second.getByText(DM.inTransitDone(2, 2))).toBeVisible();

    // the first sees it without reload
    await expect(section.getByTestId(`status-${mine.id}`)).toHaveText('In Transit', { timeout: 15_000 });
    await expect(section.getByTestId(`status-${other.id}`)).toHaveText('In Transit');
    expect(await first.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await snap(first, 'schedule-admin-live');

    // the driver: only the order they deliver, no dropoffs; at 390 px the rows are cards
    const driver = await signedInAs(Role.Driver);
    await driver.setViewportSize({ width: 390, height: 844 });
    await driver.goto(url);
    const dsec = driver.getByTestId(`section-${f.routeId}-deliveries`);
    await expect(dsec.getByTestId(`order-link-${mine.id}`)).toHaveText(mine.orderId);
    await expect(dsec.getByTestId(`order-link-${other.id}`)).toHaveCount(0);
    await expect(driver.getByTestId('schedule-dropoffs')).toHaveCount(0);
    await expect(driver.getByTestId('schedule-cash-pickup')).toBeVisible();
    await driver.getByTestId(`route-${f.routeId}`).scrollIntoViewIfNeeded();
    await snap(driver, 'schedule-driver-390');
    // sigs.show is on in the local config: the driver signs the route's manifests on mfe-orders' pad, which this
    // MFE loads at run time through Module Federation (mfe_orders/SignManifests), not from its own bundle
    const signs: string[] = [];
    driver.on('request', (r) => signs.push(new URL(r.url()).pathname));
    await driver.getByTestId(`route-sign-${f.routeId}`).click();
    await expect(driver.getByTestId('sign-manifests')).toBeVisible();
    // the pad's chunks come from mfe-orders' deployment (its container is found through /remotes.json or reused)
    expect(signs.filter((p) => p.startsWith('/mfe/orders/')).length).toBeGreaterThan(0);
    expect(signs.filter((p) => p.startsWith('/mfe/schedule/'))).toEqual([]);
    await snap(driver, 'schedule-driver-sign-390');
    await driver.getByTestId('sign-manifests-cancel').click();
    await expect(driver.getByText(DM.signCancelled)).toBeVisible();
  } finally {
    await removeSchedule(admin, f);
  }
});
