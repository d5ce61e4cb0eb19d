// The admin's accounts screens in the portal: the accounts list (CSV export, Quickbooks sync), the account view,
// invites. Setup: test/portal.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Messages } from '@portal/contracts';
import { portalSuite } from './portal.js';
import { fakeAdminApi } from './fakes/admin.js';

const QB_TEXT = 'This account does not match any customer in the accounting system';

const s = portalSuite(fakeAdminApi);
const { pageErrors, consoleErrors, signedIn, shot, posted } = s;

test('accounts list: CSV export of the visible columns, Sync Quickbooks marks the mismatch, row click opens the account', async () => {
  const page = await signedIn('admin@demo.portal');
  await page.getByTestId('nav-accounts').click();
  const table = page.getByTestId('accounts-table');
  await table.getByText('comma@shop.test').waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('accounts-export').click(),
  ]);
  assert.match(download.suggestedFilename(), /^accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path())
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  assert.equal(lines[0], 'Email,Name,Role,Company,Verified');
  assert.ok(lines.includes('comma@shop.test,"Smith, ""Jo""",Account Admin,"A, B & Co",Not verified'), csv);
  assert.ok(lines.includes('admin@demo.portal,Ada Admin,Admin,Demo Logistics LLC,Verified'), csv);

  await page.getByTestId('accounts-search').fill('comma');
  await table.getByText('admin@demo.portal', { exact: true }).waitFor({ state: 'detached' });
  const [filtered] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('accounts-export').click(),
  ]);
  assert.equal(
    readFileSync(await filtered.path())
      .toString('utf8')
      .trim()
      .split('\r\n').length,
    2,
    'only the visible rows',
  );
  await page.getByTestId('accounts-search').fill('');

  assert.equal(await page.getByTestId('accounts-qb-mismatch').count(), 0);
  await page.getByTestId('accounts-sync').click();
  await page.getByTestId('accounts-sync-progress').waitFor();
  await page.getByText('QuickBooks sync finished').waitFor();
  const mark = page.locator('.ag-row[row-id="2"] [data-testid=accounts-qb-mismatch]');
  await mark.waitFor();
  assert.equal(await mark.getAttribute('aria-label'), QB_TEXT);
  assert.equal(await page.getByTestId('accounts-qb-mismatch').count(), 1, 'only the mismatching account');
  await mark.focus();
  assert.equal(
    await page.getByTestId('accounts-qb-tooltip').innerText(),
    QB_TEXT,
    'the tooltip on keyboard focus',
  );
  await mark.blur();
  await mark.hover();
  await page.getByTestId('accounts-qb-tooltip').waitFor();
  await shot(page, 'accounts-admin-1280');
  await page.setViewportSize({ width: 700, height: 860 });
  await shot(page, 'accounts-admin-700');
  await page.setViewportSize({ width: 1280, height: 860 });

  await page.locator('.ag-row[row-id="4"] [col-id=name]').click();
  await page.waitForURL('**/dashboard/editAccount?email=comma%40shop.test');
  await page.goBack();
  const roleCell = page.locator('.ag-row[row-id="1"] [col-id=role]');
  await roleCell.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/editAccount?email=admin%40demo.portal');
  await page.close();
});

test('invite: validation, duplicate, success with a trimmed lower-cased email, resend advice', async () => {
  const page = await signedIn('admin@demo.portal');
  await page.getByTestId('nav-invite').click();
  await page.getByTestId('invite-table').getByText('old@shop.test').waitFor();
  await page.getByTestId('invite-submit').click();
  await page.getByText(Messages.inviteEmailInvalid).waitFor();
  await page.getByTestId('invite-email').fill('not-an-email');
  await page.getByTestId('invite-submit').click();
  await page.getByText(Messages.inviteEmailInvalid).waitFor();
  await page.getByTestId('invite-email').fill(' OLD@shop.test ');
  await page.getByTestId('invite-submit').click();
  await page.getByTestId('invite-form').getByText(Messages.alreadyInvited).waitFor();
  assert.ok(posted('/api/users/invite', '"email":"old@shop.test"'), 'the server decides duplicates');
  await shot(page, 'invite-error-1280');

  await page.getByTestId('invite-email').fill('  New.Person@Shop.TEST ');
  await page.getByTestId('invite-submit').click();
  await page.getByText(Messages.invited).waitFor();
  assert.ok(posted('/api/users/invite', '"email":"new.person@shop.test"'));
  await page.getByTestId('invite-table').getByText('new.person@shop.test').waitFor();
  assert.equal(await page.getByTestId('invite-email').inputValue(), '');

  await page.getByTestId('invite-resend').first().click();
  await page.getByText(Messages.inviteResent).waitFor();
  assert.ok(posted('/api/users/inviteemail', '"invite":{"id":'));
  await shot(page, 'invite-1280');
  await page.setViewportSize({ width: 700, height: 860 });
  await shot(page, 'invite-700');
  await page.close();
});

test('invites modal: a pending invite after sign-in; Accept posts accepted+notified and closes', async () => {
  const page = await signedIn('user@demo.portal');
  const modal = page.getByTestId('invites-modal');
  await modal.getByText('North Farms LLC').waitFor();
  assert.ok(posted('/api/users/invites', '"mine":true'));
  await modal.getByRole('heading', { name: 'You have 2 invitations' }).waitFor();
  await shot(page, 'invites-modal-1280');
  await modal
    .getByTestId('invites-item')
    .filter({ hasText: 'South Co' })
    .getByTestId('invites-dismiss')
    .click();
  await page.getByText('Invitation from South Co dismissed.').waitFor();
  assert.ok(
    posted('/api/users/invites/update', '"id":"i3","data":{"notified":true}}'),
    'dismiss sets notified only',
  );
  assert.equal(await modal.getByTestId('invites-item').count(), 1);
  await modal.getByTestId('invites-accept').click();
  await page.getByText('Invitation from North Farms LLC accepted').waitFor();
  await modal.waitFor({ state: 'detached' });
  assert.ok(posted('/api/users/invites/update', '"id":"i2"', '"accepted":true', '"notified":true'));
  await page.reload();
  await page.getByTestId('header-user').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('invites-modal').count(), 0, 'an answered invite is not shown again');
  await page.close();
});

test('no uncaught errors or console errors in the page', () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
