// The Drivers tab (orders §2): add in a dialog with errors under the fields, edit a row in place (Enter, Enter),
// delete after the confirmation, the linked portal user shown; the empty state offers Add Driver.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FleetMessages, type DriverInput } from '@portal/contracts';
import { mountComponent, screenshotDir, type FakeRoutes, type Mounted } from '@portal/ui/testing';
import { driverList, drivers, staff } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mounted: Mounted[] = [];
after(() => Promise.all(mounted.map((m) => m.close())));

async function mount(routes: FakeRoutes) {
  const ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/DriversList.tsx'), exportName: 'DriversList' },
    { 'GET /api/drivers': () => [200, driverList()], ...routes },
  );
  mounted.push(ui);
  return ui;
}
const until = async (ok: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error('timed out');
};
const row = (id: string) => `.ag-center-cols-container [row-id="${id}"]`;
const saved = (body: unknown): [number, unknown] => [
  200,
  {
    message: FleetMessages.driverSaved,
    data: { driver: { id: 'd9', ...(body as { driver: DriverInput }).driver } },
  },
];

test('add, edit and delete a driver; the linked user is shown', async () => {
  const updates: unknown[] = [];
  const deletes: unknown[] = [];
  const ui = await mount({
    'POST /api/drivers/update': (body) => (updates.push(body), saved(body)),
    'POST /api/drivers/delete': (body) => (
      deletes.push(body),
      [200, { message: FleetMessages.driverDeleted }]
    ),
  });
  const p = await ui.open({ user: staff });
  await p
    .locator(`${row('d1')} [data-testid="driver-linked"]`)
    .getByText('ann@demo.portal')
    .waitFor();
  assert.match((await p.locator(`${row('d2')} [col-id="user"]`).textContent()) ?? '', /Not linked/);
  await p.screenshot({ path: path.join(screenshotDir(mfe), 'drivers.png') });

  await p.getByTestId('driver-add').click();
  await p.getByTestId('driver-name').fill('Cleo Cargo');
  await p.getByTestId('driver-email').fill('not-an-email');
  await p.getByTestId('driver-save').click();
  await p.getByText('The input is not a valid E-mail.').waitFor();
  assert.equal(updates.length, 0);
  await p.getByTestId('driver-email').fill('cleo@demo.portal');
  await p.getByTestId('driver-save').click();
  await p.getByTestId('driver-form').waitFor({ state: 'detached' });
  assert.deepEqual(updates.shift(), {
    driver: { name: 'Cleo Cargo', phone: '', email: 'cleo@demo.portal', lic: '', occLic: '' },
  });

  const phone = p.locator(`${row('d2')} [col-id="phone"]`);
  await phone.click();
  await p.keyboard.press('Enter');
  await phone.locator('input').fill('+17605550199');
  await p.keyboard.press('Enter');
  // The add's toast may still be up with the same text: wait for the call itself.
  await until(() => updates.length > 0);
  const edit = updates.shift() as { driver: DriverInput & { userId?: string } };
  assert.equal(edit.driver.id, 'd2');
  assert.equal(edit.driver.phone, '+17605550199');

  p.once('dialog', (d) => void d.accept());
  await p.locator(row('d1')).getByRole('button', { name: 'Delete' }).click();
  await p.getByText(FleetMessages.driverDeleted).waitFor();
  assert.deepEqual(deletes, [{ driver: { id: 'd1' } }]);
  assert.equal(drivers.length, 2);
  await p.close();
});

test('editing a linked driver never sends userId (the service sets it)', async () => {
  const updates: unknown[] = [];
  const ui = await mount({ 'POST /api/drivers/update': (body) => (updates.push(body), saved(body)) });
  const p = await ui.open({ user: staff });
  const name = p.locator(`${row('d1')} [col-id="name"]`);
  await name.click();
  await p.keyboard.press('Enter');
  await name.locator('input').fill('Ann Route Jr');
  await p.keyboard.press('Enter');
  await p.getByText(FleetMessages.driverSaved).waitFor();
  const sent = (updates[0] as { driver: Record<string, unknown> }).driver;
  assert.equal(sent.name, 'Ann Route Jr');
  assert.equal('userId' in sent, false);
  await p.close();
});

test('no drivers yet: the empty state says what the tab is for and offers Add Driver', async () => {
  const ui = await mount({ 'GET /api/drivers': () => [200, { data: { drivers: [] } }] });
  const p = await ui.open({ user: staff, width: 700 });
  await p.getByTestId('drivers-empty').getByTestId('driver-add').click();
  await p.getByTestId('driver-form').waitFor();
  await p.screenshot({ path: path.join(screenshotDir(mfe), 'driver-form-700.png') });
  await p.close();
});
