// What a user must see (weekly): a staff user puts a driver of the test's own on a far-future week in manageDriver's
// Schedule tab (mfe-schedule's grid through Module Federation), sees the inactive-vehicle warning and "Changes made.
// Make sure to hit Notify Button!", notifies, and the driver's email arrives with the change; the demo driver sees
// the week read-only; the public page shows it signed out, names only. Screenshots at 1280 and 390 px.
import { Role } from '@portal/contracts';
import { DispatchMessages as D } from '@portal/contracts/dispatch';
import { test, expect, APP, DEMO } from '@portal/e2e/fixtures';
import { farWeek, routingKnows, weeklyFleet } from '../../e2e/fixtures/weekly.ts';

const SHOTS = '/tmp/shots-weekly';

test('weekly schedule: change a day → notify → the driver gets the mail; read-only for drivers; public page', async ({
  signedInAs,
  newPage,
  api,
  mailbox,
  shot,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const admin = await api(DEMO[Role.Admin]);
  const week = farWeek();
  const fleet = await weeklyFleet(admin, tag);
  const [wren, quinn] = fleet.drivers;
  const [van, oldVan] = fleet.vehicles;
  try {
    await routingKnows(admin, week, fleet);
    const routes = (await admin.call(`/api/driverschedule?date=${week}`)).json.data.routes;
    const route = routes.find((r: { name: string }) => !r.name.startsWith('E2E')) ?? routes[0];

    const page = await signedInAs(Role.Admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${APP}/dashboard/manageDriver`);
    const grid = page.getByTestId('weekly-schedule');
    await grid.waitFor();
    await grid.getByTestId('ws-date').fill(week);
    await expect(grid.getByTestId('weekly-schedule-week')).toHaveAttribute('data-week', week);
    await expect(grid.getByTestId('ws-empty')).toContainText('No drivers are scheduled');

    // Add Driver needs a choice (orders §5)
    await grid.getByTestId('ws-add').click();
    await expect(grid.getByTestId('ws-add-error')).toContainText(D.selectDriver);
    await grid.getByTestId('ws-add-choice').selectOption(wren!.id);
    await grid.getByTestId('ws-add').click();
    const row = grid.getByTestId('weekly-schedule-row').filter({ hasText: wren!.name });
    await row.waitFor();
    const monday = row.locator('td[data-day="1"]');
    await monday.getByTestId('ws-route').selectOption(route.id);
    await monday.getByTestId('ws-vehicle').selectOption(oldVan!.id);
    await expect(monday.getByTestId('ws-vehicle-warning')).toContainText('is inactive');
    await grid.getByTestId('ws-save').click();
    await expect(grid.getByTestId('ws-changes')).toHaveText(D.changesMade);
    await expect(grid.getByTestId('ws-warnings')).toContainText(
      `${oldVan!.name} is inactive (Mon, ${wren!.name})`,
    );
    await page.screenshot({ path: `${SHOTS}/staff-1280.png`, fullPage: true });
    await shot(page, 'weekly-staff');

    // a change and its undo cancel out: Quinn on Tuesday, then off again → only Wren is affected
    await grid.getByTestId('ws-add-choice').selectOption(quinn!.id);
    await grid.getByTestId('ws-add').click();
    const qTue = grid
      .getByTestId('weekly-schedule-row')
      .filter({ hasText: quinn!.name })
      .locator('td[data-day="2"]');
    await qTue.getByTestId('ws-route').selectOption(route.id);
    await qTue.getByTestId('ws-route').selectOption('');

    // Wren's Monday van changes to the active one; notify (the modal lists the affected drivers) and send
    await monday.getByTestId('ws-vehicle').selectOption(van!.id);
    await grid.getByTestId('ws-save').click();
    await expect(grid.getByTestId('ws-save')).toBeDisabled();
    const since = Date.now();
    await grid.getByTestId('ws-notify-open').click();
    const modal = page.getByTestId('ws-notify');
    await expect(modal.locator('li')).toHaveCount(1);
    await expect(modal).toContainText(wren!.name);
    await modal.getByTestId('ws-notify-send').click();
    await expect(modal).toHaveCount(0);
    await expect(grid.getByTestId('ws-changes')).toHaveCount(0);

    const mail = await mailbox.waitForMailTo(wren!.email, `Your driver schedule changed (week of ${week})`, {
      since,
    });
    expect(mail.html).toContain(`route ${route.name}, vehicle ${van!.name}`);
    expect(mail.html).toContain(`/dashboard/driverschedule?date=${week}`);
    await mailbox.clear(wren!.email);

    // the demo driver: the same week, read-only
    const driver = await signedInAs(Role.Driver);
    await driver.goto(`${APP}/dashboard/manageDriver`);
    const dGrid = driver.getByTestId('weekly-schedule');
    await dGrid.getByTestId('ws-date').fill(week);
    await dGrid.getByTestId('weekly-schedule-row').filter({ hasText: wren!.name }).waitFor();
    await expect(dGrid.getByTestId('ws-route')).toHaveCount(0);
    await expect(dGrid.getByTestId('ws-save')).toHaveCount(0);
    await expect(dGrid.locator('td[data-day="1"]').first()).toContainText(route.name);

    // the public page, signed out, on a phone
    const pub = await newPage();
    await pub.setViewportSize({ width: 390, height: 844 });
    await pub.goto(`${APP}/dashboard/driverschedule?date=${week}`);
    const pGrid = pub.getByTestId('weekly-schedule');
    await pGrid.getByTestId('weekly-schedule-row').filter({ hasText: wren!.name }).waitFor();
    await expect(pGrid.locator('td[data-day="1"]').first()).toContainText(route.name);
    expect(await pub.content()).not.toContain(wren!.email);
    await pub.screenshot({ path: `${SHOTS}/public-390.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/staff-390.png`, fullPage: true });
  } finally {
    // leave the far week empty again, and the fleet as it was
    const r = await admin.call(`/api/driverschedule?date=${week}`);
    if (r.json?.data?.lastUpdated)
      await admin.call('/api/driverschedule/update', {
        schedule: { date: week, lastUpdated: r.json.data.lastUpdated, data: { days: {} } },
      });
    await fleet.cleanUp();
  }
});
