// Fleet end to end on the running portal: an admin adds a vehicle, logs maintenance that takes it
// past the oil interval, sees the Oil badge and the service-due filter, the admins get the alert mail once, and
// exports the fleet; a driver sees only active vehicles, read-only. The vehicles are the test's own (unique
// names), deleted after it.
import { readFileSync } from 'node:fs';
import { FleetMessages, Role, type Vehicle } from '@portal/contracts';
import { test, expect, APP, DEMO, type Page } from '@portal/e2e/fixtures';

const unique = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;
const created: string[] = [];

test.afterEach(async ({ api }) => {
  const admin = await api(Role.Admin);
  for (const id of created.splice(0)) await admin.call('/api/vehicles/delete', { vehicle: { id } });
});

/** The grid row of a vehicle, found by its name through the table's search box. */
async function findRow(page: Page, name: string) {
  await page.getByTestId('vehicles-search').fill(name);
  const row = page.locator('.ag-center-cols-container .ag-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('admin: add a vehicle, log maintenance past the oil interval, see the alert badge, get the mail once; export', async ({
  signedInAs,
  api,
  mailbox,
  shot,
}) => {
  const since = Date.now();
  const name = unique('Van');
  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/fleetmanager`);
  await page.getByTestId('fleet-manager').waitFor();

  await page.getByTestId('vehicle-add').first().click();
  await page.getByTestId('vehicle-name').fill(name);
  await page.getByTestId('vehicle-lic').fill('E2E-1');
  await page.getByTestId('vehicle-vin').fill('1M8GDM9AXKP042789');
  await page.getByTestId('vehicle-mileage').fill('1000');
  await page.getByTestId('vehicle-save').click();
  await expect(page.getByText(FleetMessages.vinCheckDigit)).toBeVisible();
  await page.getByTestId('vehicle-vin').fill('');
  await page.getByTestId('vehicle-save').click();
  await expect(page.getByText(FleetMessages.vehicleCreated)).toBeVisible();

  const admin = await api(Role.Admin);
  const list = (await admin.call('/api/vehicles')).json.data.vehicles as Vehicle[];
  const mine = list.find((v) => v.name === name);
  expect(mine, 'the vehicle is stored').toBeTruthy();
  created.push(mine!.id);
  expect(mine!.due).toEqual([]);

  const row = await findRow(page, name);
  await expect(row.getByTestId('vehicle-due')).toHaveCount(0);
  await row.getByTestId('vehicle-maintenance').click();
  const dialog = page.getByTestId('maintenance-dialog');
  await dialog.getByTestId('maint-mileage').fill('900');
  await dialog.getByTestId('maint-type').selectOption('change_tires');
  await dialog.getByTestId('maint-cost').fill('420');
  await dialog.getByTestId('maint-save').click();
  await expect(dialog.getByText(FleetMessages.mileageBelowCurrent)).toBeVisible();
  // A tire change at 4,600 mi: 4,600 since the (never recorded) last oil change, past the 3,500 mi interval.
  await dialog.getByTestId('maint-mileage').fill('4600');
  await dialog.getByTestId('maint-save').click();
  await expect(page.getByText(FleetMessages.maintenanceUpdated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(row.getByTestId('vehicle-due')).toHaveText('Oil');
  // The crossing is mailed to the admins (services/fleet's event, sent by services/notifications)...
  // (exact recipient: the mailbox's `to` matches substrings, and admin@ is inside superadmin@)
  const to = (who: string) => ({
    since,
    match: (m: { subject: string; to: string[] }) => m.subject.includes(name) && m.to.includes(who),
  });
  const ours = to(DEMO[Role.Admin]);
  const mail = await mailbox.waitFor(ours);
  expect(mail.subject).toMatch(/Oil change due/);
  await page.getByTestId('vehicles-due-only').check();
  await expect(row).toHaveCount(1);

  // Lowering the mileage in the row asks first (the service takes a lower mileage only with that confirmation).
  // (by row id: while the row is edited its name is in an input, not its text)
  const mileage = page.locator(`.ag-center-cols-container [row-id="${mine!.id}"] [col-id="mileage"]`);
  await mileage.click();
  await page.keyboard.press('Enter');
  await mileage.locator('input').fill('4500');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('fleet-confirm')).toContainText(
    FleetMessages.confirmLowerMileage(4600, 4500),
  );
  await page.getByTestId('fleet-confirm-yes').click();
  // Confirmed, but below the 4,600 mi tire change just logged: the service refuses with its reason, shown as it
  // comes, and the row goes back to what is stored.
  await expect(page.getByRole('alert').filter({ hasText: /tire change/i })).toBeVisible();
  await expect(mileage).toHaveText('4,600');
  await row.getByTestId('vehicle-maintenance').click();
  await expect(page.getByTestId('maintenance-row')).toHaveCount(1);
  await expect(page.getByTestId('maintenance-row')).toContainText('Tire change');
  await shot(page, 'fleet-maintenance-history');
  await page.keyboard.press('Escape');
  // ...once: the refused edit and the reloads above announced nothing new.
  expect(await mailbox.summaries(ours)).toHaveLength(1);
  expect(await mailbox.summaries(to(DEMO[Role.SuperAdmin]))).toHaveLength(1);
  await shot(page, 'fleet-manager-admin');
  // The export is the service's workbook, downloaded with the signed-in user's token.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('vehicles-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^fleet-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await page.setViewportSize({ width: 700, height: 860 });
  await shot(page, 'fleet-manager-admin-700');

  // The same vehicle on manageDriver's Vehicles tab; its Drivers tab is the drivers' table (or its empty state).
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`${APP}/dashboard/manageDriver`);
  await page.getByTestId('fleet-tab-drivers').click();
  await expect(page.getByTestId('drivers-table').or(page.getByTestId('drivers-empty'))).toBeVisible();
  await page.getByTestId('fleet-tab-vehicles').click();
  await expect((await findRow(page, name)).getByTestId('vehicle-due')).toHaveText('Oil');
});

test('driver: only active vehicles, read-only', async ({ signedInAs, api, shot }) => {
  const admin = await api(Role.Admin);
  const make = async (name: string, status: 0 | 1) => {
    const r = await admin.call('/api/vehicles/create', {
      vehicle: { name, lic: 'E2E-2', status, mileage: 100 },
    });
    expect(r.status).toBeLessThan(300);
    created.push((r.json.data.vehicle as Vehicle).id);
  };
  const active = unique('Active');
  const inactive = unique('Parked');
  await make(active, 1);
  await make(inactive, 0);

  const page = await signedInAs(Role.Driver);
  await page.goto(`${APP}/dashboard/fleetmanager`);
  await page.getByTestId('fleet-read-only').waitFor();
  const row = await findRow(page, active);
  await page.getByTestId('vehicles-search').fill(inactive);
  await expect(page.locator('.ag-center-cols-container .ag-row')).toHaveCount(0);
  await page.getByTestId('vehicles-search').fill('');
  const statuses = await page.locator('.ag-center-cols-container [col-id="status"]').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Active']));
  for (const id of ['vehicle-add', 'vehicles-export', 'vehicle-maintenance'])
    await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await findRow(page, active);
  await row.locator('[col-id="mileage"]').click();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ag-cell-inline-editing')).toHaveCount(0);
  await shot(page, 'fleet-manager-driver');

  await page.goto(`${APP}/dashboard/manageDriver`);
  await expect(page.getByTestId('fleet-tabs').getByRole('tab')).toHaveText(['Schedule']);
});
