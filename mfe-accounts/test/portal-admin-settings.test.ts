// Split from portal-admin.test.ts (each file under 250 lines): licence update and settings. Each file is its own
// browser suite with its own fake state (test/portal.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages, NEW_LICENCE_PLACEHOLDER } from '@portal/contracts';
import { portalSuite } from './portal.js';
import { fakeAdminApi } from './fakes/admin.js';

const s = portalSuite(fakeAdminApi);
const { pageErrors, consoleErrors, signedIn, shot, posted } = s;

test('licence update: banner, required-field messages, duplicate number, default windows, add and delete', async () => {
  const page = await signedIn('admin@demo.portal');
  await page.getByTestId('nav-lnupdate').click();
  await page
    .getByTestId('ln-warning')
    .getByText('Do not change anything without management approval.')
    .waitFor();
  await page.getByTestId('ln-table').getByText('C11-0000001').waitFor();
  await page.getByTestId('ln-add').click();
  assert.equal(
    await page.getByTestId('ln-field-license').getAttribute('placeholder'),
    NEW_LICENCE_PLACEHOLDER,
  );
  // accounts §9: a new record starts with the default licence id (no config defaultId here)
  assert.equal(await page.getByTestId('ln-field-license').inputValue(), NEW_LICENCE_PLACEHOLDER);
  await page.getByTestId('ln-field-license').fill('');
  assert.equal(await page.getByTestId('ln-window-mon').inputValue(), '09:00-17:00');
  assert.equal(await page.getByTestId('ln-window-fri').inputValue(), '09:00-17:00');
  assert.equal(await page.getByTestId('ln-window-sat').inputValue(), '');
  await page.getByTestId('ln-save').click();
  for (const m of ['License Number', 'Name', 'DBA', 'Street Address', 'City', 'Zip'])
    await page.getByText(Messages.fieldRequired(m).trim(), { exact: true }).waitFor();
  await shot(page, 'lnupdate-errors-1280');

  const fill = async (num: string) => {
    await page.getByTestId('ln-field-license').fill(num);
    await page.getByTestId('ln-field-licensee').fill('Blue Sky LLC');
    await page.getByTestId('ln-field-dba').fill('Blue Sky');
    await page.getByTestId('ln-field-streetaddress').fill('5 Market St');
    await page.getByTestId('ln-field-city').fill('Trenton');
    await page.getByTestId('ln-field-zip').fill('08608');
  };
  await fill('C11-0000001');
  await page.getByTestId('ln-save').click();
  await page.getByTestId('ln-form').getByText(Messages.licenceExists).waitFor();
  await page.getByTestId('ln-field-license').fill('C11-0000009');
  await page.getByTestId('ln-save').click();
  await page.getByText('Licence C11-0000009 added.').waitFor();
  assert.ok(posted('/api/license/create', '"License #":"C11-0000009"', '"mon":"09:00-17:00"', '"sat":""'));
  await page.getByTestId('ln-table').getByText('C11-0000009').waitFor();
  await page.waitForTimeout(500); // the grid animates the inserted row into place
  await shot(page, 'lnupdate-1280');
  await page.setViewportSize({ width: 700, height: 860 });
  await shot(page, 'lnupdate-700');
  await page.setViewportSize({ width: 1280, height: 860 });

  const row = page
    .locator('.ag-row', { hasText: 'C11-0000009' })
    .filter({ has: page.locator('[col-id=__actions]') });
  // at 1280 px the row's Edit and Delete are in view without scrolling the grid sideways
  const grid = (await page.getByTestId('ln-table').boundingBox())!;
  const del = (await row.getByRole('button', { name: 'Delete' }).boundingBox())!;
  assert.ok(
    del.x + del.width <= grid.x + grid.width,
    `Delete ends at ${del.x + del.width}, the grid at ${grid.x + grid.width}`,
  );
  // Inline edit to an existing number: the duplicate message, nothing posted, the row restored.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.locator('.ag-row-editing [col-id="License #"] input');
  await editor.fill('C11-0000001');
  await page.locator('.ag-row-editing').getByRole('button', { name: 'Save' }).first().click();
  await page.getByText(Messages.licenceExists).first().waitFor();
  assert.ok(!posted('/api/license/update'), 'a duplicate is not sent');
  await page.getByTestId('ln-table').getByText('C11-0000009').waitFor();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Licence C11-0000009 deleted.').waitFor();
  assert.ok(posted('/api/license/delete', '"record":{"id":'));
  await page.close();
});

test('accounts §3 LN, §9 defaultId: Settings sets the new record number; Edit changes every field of a record', async () => {
  const page = await signedIn('superadmin@demo.portal');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-defaultId').fill('C99-0000000');
  await page.getByTestId('settings-save').click();
  await page.getByText('Settings saved.', { exact: false }).waitFor();
  assert.ok(posted('/api/utils/config', '"defaultId":"C99-0000000"'));
  await page.reload(); // the portal reads the config at page load
  await page.getByTestId('nav-lnupdate').click();
  await page.getByTestId('ln-table').getByText('C11-0000001').waitFor();
  await page.getByTestId('ln-add').click();
  // the config is read at page load and may land after the form opened: the untouched number follows it
  await page
    .waitForFunction(
      () =>
        (document.querySelector('[data-testid="ln-field-license"]') as HTMLInputElement | null)?.value ===
        'C99-0000000',
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  assert.equal(await page.getByTestId('ln-field-license').inputValue(), 'C99-0000000');
  await page.getByTestId('ln-form').getByRole('button', { name: 'Cancel' }).click();

  await page.locator('.ag-row', { hasText: 'C11-0000001' }).getByTestId('ln-edit-all').first().click();
  const form = page.getByTestId('ln-form');
  await form.getByText('Edit licence C11-0000001').waitFor();
  assert.equal(await page.getByTestId('ln-field-licensee').inputValue(), 'Green Leaf LLC');
  await page.getByTestId('ln-field-facilitytype').selectOption('Medical');
  await page.getByTestId('ln-field-active').uncheck();
  await page.getByTestId('ln-field-emails').fill('dock@green.test, not-an-email');
  await page.getByTestId('ln-pickup-add').click();
  await page.getByTestId('ln-save').click();
  await form.getByText(Messages.fieldRequired('Route').trim()).waitFor();
  await form.getByText('(not-an-email)', { exact: false }).waitFor();
  assert.ok(!posted('/api/license/update'), 'nothing sent with errors');
  await page.getByTestId('ln-field-emails').fill('Dock@Green.test, office@green.test');
  await page.getByTestId('ln-pickup-route-0').fill('North Coast');
  await page.getByTestId('ln-pickup-day-0').selectOption('tue');
  await shot(page, 'lnupdate-edit-all-1280');
  await page.getByTestId('ln-save').click();
  await page.getByText('Licence C11-0000001 updated.').waitFor();
  assert.ok(
    posted(
      '/api/license/update',
      '"FacilityType":"Medical"',
      '"active":false',
      '"emails":["dock@green.test","office@green.test"]',
      '"pickupRoute":[{"route":"North Coast","day":"tue"}]',
    ),
  );
  // the row's All fields button tells the rest of the record
  const allFields = page.locator('.ag-row', { hasText: 'C11-0000001' }).getByTestId('ln-edit-all').first();
  await allFields.waitFor();
  assert.equal(
    await allFields.getAttribute('title'),
    'Medical · inactive · pickups North Coast (tue) · 2 emails',
  );
  await shot(page, 'lnupdate-edited-1280');
  await page.close();
});

test('licence update at 1366 px: the whole licence number is shown, not cut off', async () => {
  const page = await signedIn('admin@demo.portal', 1366);
  await page.getByTestId('nav-lnupdate').click();
  await page.getByTestId('ln-table').getByText('C11-0000001').waitFor();
  await page.getByTestId('ln-add').click();
  await page.getByTestId('ln-field-license').fill('C11-0000101-LIC');
  await page.getByTestId('ln-field-licensee').fill('Long Number LLC');
  await page.getByTestId('ln-field-dba').fill('Long Number');
  await page.getByTestId('ln-field-streetaddress').fill('5 Market St');
  await page.getByTestId('ln-field-city').fill('Trenton');
  await page.getByTestId('ln-field-zip').fill('08608');
  await page.getByTestId('ln-save').click();
  await page.getByText('Licence C11-0000101-LIC added.').waitFor();
  await page.waitForTimeout(500); // the grid animates the inserted row and resizes the column
  const cells = page.locator('.ag-center-cols-container [col-id="License #"]');
  const n = await cells.count();
  assert.ok(n > 0);
  for (let i = 0; i < n; i++) {
    const [scroll, client, text] = await cells
      .nth(i)
      .evaluate((c: HTMLElement) => [c.scrollWidth, c.clientWidth, c.textContent ?? ''] as const);
    assert.ok(scroll <= client, `"${text}" is cut off (${scroll} > ${client})`);
  }
  await shot(page, 'lnupdate-1366');
  await page.close();
});

test('settings (role 0): hideRoutes saved, the menu hides the entry after reload; role 1 gets no access', async () => {
  const page = await signedIn('superadmin@demo.portal');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-note').waitFor();
  assert.equal(await page.getByTestId('nav-faq').count(), 1);
  await page.getByTestId('settings-hide-faq').check();
  await page.getByTestId('settings-orders.hasSameDay').check();
  // orders §2 "informational text from config" (shown above the order lists); schedule.useDBA cannot act: not offered
  await page.getByTestId('settings-infoText').fill('  Orders placed after 2 pm ship the next business day. ');
  assert.equal(await page.getByTestId('settings-schedule.useDBA').count(), 0);
  // the custody gate's policy: strict unless the site turns advisory on (orders README, Decisions)
  const gate = page.getByTestId('settings-orders.custodyGate.advisory');
  assert.equal(await gate.isChecked(), false);
  await page.getByText('Custody gate advisory (not strict)').waitFor();
  await page.getByText("the order's ledger records what was missing", { exact: false }).waitFor();
  await page.getByTestId('settings-signupEmails').fill('ops@demo.portal\nnot an email');
  await page.getByTestId('settings-save').click();
  await page.getByText('Not a valid email: not, an, email').waitFor();
  await page.getByTestId('settings-signupEmails').fill('ops@demo.portal\nBoss@Demo.Portal');
  await page.getByTestId('settings-save').click();
  await page.getByText('Settings saved.', { exact: false }).waitFor();
  assert.ok(
    posted(
      '/api/utils/config',
      '"hideRoutes":["faq"]',
      '"orders.hasSameDay":true',
      '"signupEmails":["ops@demo.portal","boss@demo.portal"]',
      '"orders.infoText":"Orders placed after 2 pm ship the next business day."',
    ),
  );
  // the fake config has no mail switch set: ticking an unrelated one saves each of them as its effective default
  // (contracts CONFIG_SWITCH_DEFAULTS, what orders applies), never as "off" because it was unset
  assert.ok(
    posted(
      '/api/utils/config',
      '"alertNewOrders":true',
      '"rejectionEmails":true',
      '"exceptionEmails":true',
      '"scheduleMapsEnabled":true',
      '"useRCheck":true',
      '"orders.custodyGate.advisory":false',
    ),
    'unset switches are saved as their defaults',
  );
  assert.equal(
    await page.getByTestId('settings-signupEmails').inputValue(),
    'ops@demo.portal\nboss@demo.portal',
  );
  await shot(page, 'settings-1280');
  await page.setViewportSize({ width: 700, height: 860 });
  await shot(page, 'settings-700');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.reload();
  await page.getByTestId('nav-settings').waitFor();
  assert.equal(await page.getByTestId('nav-faq').count(), 0, 'hidden by the saved hideRoutes');
  assert.equal(await page.getByTestId('settings-hide-faq').isChecked(), true);
  await page.close();

  const admin = await signedIn('admin@demo.portal');
  assert.equal(await admin.getByTestId('nav-settings').count(), 0);
  await admin.goto(s.edge.url + '/dashboard/settings');
  await admin.getByTestId('forbidden').waitFor();
  assert.equal(await admin.getByTestId('settings-page').count(), 0);
  await admin.close();
});

test('no uncaught errors or console errors in the page', () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
