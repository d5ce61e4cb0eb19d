// The vehicles table (orders §2, §5, §6): every field, service-due badges and filter, the VIN check, the lowered-
// mileage confirmation, the maintenance dialog with the spec's messages, and a driver's read-only view.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FleetMessages, type Vehicle } from '@portal/contracts';
import { mountComponent, screenshotDir, type FakeRoutes, type Mounted } from '@portal/ui/testing';
import { driverUser, noHistory, staff, vehicle, vehicles } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const mounted: Mounted[] = [];
after(() => Promise.all(mounted.map((m) => m.close())));

async function mount(routes: FakeRoutes = {}) {
  const ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/FleetManager.tsx'), exportName: 'FleetManager' },
    {
      'GET /api/vehicles/fleetmanager': () => [
        200,
        { data: { vehicles: vehicles(), counts: { total: 3, active: 2, due: 1 } } },
      ],
      'GET /api/vehicles/v2/maintenance': () => [200, noHistory(vehicles()[1]!)],
      ...routes,
    },
  );
  mounted.push(ui);
  return ui;
}
const row = (id: string) => `.ag-center-cols-container [row-id="${id}"]`;

test('staff: every vehicle with its service-due badge; the filter keeps the due ones; screenshots', async () => {
  const ui = await mount();
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: staff });
  await p.locator(row('v2')).waitFor();
  assert.equal(await p.locator(`${row('v2')} [data-testid="vehicle-due"]`).textContent(), 'Oil');
  assert.equal(
    await p.locator(`${row('v2')} [data-testid="vehicle-due"] .fl-badge`).getAttribute('title'),
    'Oil change due (8,000 mi since last)',
  );
  const headers = await p.locator('.ag-header-cell-text').allTextContents();
  for (const h of ['Vehicle', 'Plate', 'VIN', 'Year', 'Status', 'Mileage', 'Service due', 'Maintenance'])
    assert.ok(headers.includes(h), `column ${h}`);
  await p.screenshot({ path: path.join(shots, 'fleet-manager.png'), fullPage: true });
  await p.getByTestId('vehicles-due-only').check();
  await p.locator(row('v1')).waitFor({ state: 'detached' });
  assert.equal(await p.locator('.ag-center-cols-container [row-id]').count(), 1);
  await p.close();

  // The alert mail's link opens the list on the due vehicles.
  const linked = await ui.open({ path: '/dashboard/fleetmanager?due=true', user: staff });
  await linked.locator(row('v2')).waitFor();
  assert.equal(await linked.getByTestId('vehicles-due-only').isChecked(), true);
  assert.equal(await linked.locator('.ag-center-cols-container [row-id]').count(), 1);
  await linked.close();

  const mobile = await ui.open({ path: '/dashboard/fleetmanager', user: staff, width: 700 });
  await mobile.locator(row('v2')).waitFor();
  await mobile.screenshot({ path: path.join(shots, 'fleet-manager-700.png'), fullPage: true });
  await mobile.close();
});

test('add a vehicle: a bad VIN is refused with a clear message; a good one is sent and the list read again', async () => {
  const creates: { vehicle: Vehicle }[] = [];
  const ui = await mount({
    'POST /api/vehicles/create': (body) => {
      creates.push(body as { vehicle: Vehicle });
      return [
        201,
        { message: FleetMessages.vehicleCreated, data: { vehicle: vehicle({ id: 'v9', name: 'Van 9' }) } },
      ];
    },
  });
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: staff });
  await p.getByTestId('vehicle-add').click();
  await p.getByTestId('vehicle-name').fill('Van 9');
  await p.getByTestId('vehicle-lic').fill('CA-9');
  await p.getByTestId('vehicle-vin').fill('1M8GDM9AXKP042789');
  await p.getByTestId('vehicle-mileage').fill('1,200');
  await p.getByTestId('vehicle-save').click();
  await p.getByText(FleetMessages.vinCheckDigit).waitFor();
  assert.equal(creates.length, 0, 'nothing sent');
  await p.getByTestId('vehicle-vin').fill('1m8gdm9axkp042788');
  await p.screenshot({ path: path.join(shots, 'vehicle-form.png') });
  await p.getByTestId('vehicle-save').click();
  await p.getByText(FleetMessages.vehicleCreated).waitFor();
  const sent = creates[0]!.vehicle;
  assert.equal(sent.vin, '1M8GDM9AXKP042788');
  assert.equal(sent.mileage, 1200);
  assert.equal(ui.calls.filter((c) => c.call === 'GET /api/vehicles/fleetmanager').length, 2, 'read again');
  await p.close();
});

test('lowering the mileage asks first: Cancel puts the row back, yes sends confirmLowerMileage', async () => {
  const updates: unknown[] = [];
  const ui = await mount({
    'POST /api/vehicles/update': (body) => {
      updates.push(body);
      return [200, { message: FleetMessages.vehicleUpdated, data: { vehicle: vehicles()[0]! } }];
    },
  });
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: staff });
  const mileage = p.locator(`${row('v1')} [col-id="mileage"]`);
  const lower = async () => {
    await mileage.click();
    await p.keyboard.press('Enter'); // the keyboard way into a row's edit
    await mileage.locator('input').fill('11000');
    await p.keyboard.press('Enter');
  };
  await lower();
  const confirm = p.getByTestId('fleet-confirm');
  await confirm.getByText(FleetMessages.confirmLowerMileage(12_000, 11_000)).waitFor();
  await p.getByTestId('fleet-confirm-no').click();
  await p.waitForFunction(
    (sel) => document.querySelector(sel)?.textContent === '12,000',
    `${row('v1')} [col-id="mileage"]`,
  );
  assert.equal(updates.length, 0);
  await lower();
  await p.getByTestId('fleet-confirm-yes').click();
  await p.getByText(FleetMessages.vehicleUpdated).waitFor();
  const body = updates[0] as { vehicle: Vehicle & { due?: unknown }; confirmLowerMileage?: boolean };
  assert.equal(body.confirmLowerMileage, true);
  assert.equal(body.vehicle.mileage, 11_000);
  assert.equal(body.vehicle.due, undefined, 'computed alerts are not sent back');
  await p.close();
});

test('maintenance: the form checks the mileage, shows the service answer, then "Maintenance has been updated."', async () => {
  let answer: [number, unknown] = [404, { message: FleetMessages.vehicleNotFound }];
  const posts: unknown[] = [];
  const ui = await mount({
    'POST /api/vehicles/v2/maintenance': (body) => {
      posts.push(body);
      return answer;
    },
  });
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: staff });
  // By keyboard: the Service due cell, one cell right, Enter.
  await p.locator(`${row('v2')} [col-id="due"]`).click();
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('Enter');
  const dialog = p.getByTestId('maintenance-dialog');
  await dialog.getByTestId('maintenance-history-empty').waitFor();
  await dialog.getByTestId('maint-mileage').fill('47000');
  await dialog.getByTestId('maint-save').click();
  await dialog.getByText(FleetMessages.mileageBelowCurrent).waitFor();
  await dialog.getByText('Please input Type!').waitFor();
  assert.equal(posts.length, 0);
  await dialog.getByTestId('maint-mileage').fill('48,100');
  await dialog.getByTestId('maint-type').selectOption('change_oil');
  await dialog.getByTestId('maint-cost').fill('89.50');
  await p.screenshot({ path: path.join(shots, 'maintenance-dialog.png') });
  await dialog.getByTestId('maint-save').click();
  await dialog.getByTestId('maintenance-error').getByText(FleetMessages.vehicleNotFound).waitFor();
  answer = [
    201,
    { message: FleetMessages.maintenanceUpdated, data: { vehicle: vehicles()[1]!, maintenance: {} } },
  ];
  await dialog.getByTestId('maint-save').click();
  await p.getByText(FleetMessages.maintenanceUpdated).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const sent = (posts[1] as { maintenance: Record<string, unknown> }).maintenance;
  assert.deepEqual(
    { ...sent, date: 'today' },
    { date: 'today', mileage: 48_100, type: 'change_oil', cost: 89.5 },
  );
  await p.close();
});

test('a driver: the active vehicles the service gives, read-only (no add, edit, maintenance or export)', async () => {
  const ui = await mount({
    'GET /api/vehicles/fleetmanager': () => [
      200,
      {
        data: { vehicles: vehicles().filter((v) => v.status === 1), counts: { total: 2, active: 2, due: 1 } },
      },
    ],
  });
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: driverUser });
  await p.locator(row('v1')).waitFor();
  await p.getByTestId('fleet-read-only').waitFor();
  for (const id of ['vehicle-add', 'vehicles-export', 'vehicle-maintenance'])
    assert.equal(await p.getByTestId(id).count(), 0, id);
  assert.equal(await p.getByRole('button', { name: 'Edit' }).count(), 0);
  await p.locator(`${row('v1')} [col-id="mileage"]`).click();
  await p.keyboard.press('Enter');
  assert.equal(await p.locator('.ag-cell-inline-editing').count(), 0, 'Enter edits nothing');
  await p.close();
});

test('no vehicles yet: staff get the empty state with Add Vehicle; a driver gets theirs without it', async () => {
  const empty = { data: { vehicles: [], counts: { total: 0, active: 0, due: 0 } } };
  const ui = await mount({ 'GET /api/vehicles/fleetmanager': () => [200, empty] });
  const p = await ui.open({ path: '/dashboard/fleetmanager', user: staff });
  await p.getByTestId('vehicles-empty').getByTestId('vehicle-add').waitFor();
  await p.close();
  const d = await ui.open({ path: '/dashboard/fleetmanager', user: driverUser });
  await d.getByTestId('vehicles-empty').getByText('No active vehicles').waitFor();
  assert.equal(await d.getByTestId('vehicle-add').count(), 0);
  await d.close();
});
