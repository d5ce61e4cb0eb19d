// Split from portal-profile.test.ts (each file under 250 lines): roles, saving, staff views, create, validateUser.
// Each file is its own browser suite with its own fake state (test/portal.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '@portal/contracts';
import { fillSignInPage } from '@portal/ui/testing/portal';
import { portalSuite } from './portal.js';
import { profileApi } from './fakes/profile.js';

const UNDER_REVIEW = 'Your account is under review. You will receive an email once it has been verified.';

const s = portalSuite(profileApi);
const { pageErrors, consoleErrors, shot, posts, body, optionsOf, profileAs: as } = s;

test('role field: options from the editor role up, disabled for a more privileged user', async () => {
  const own = await as('accountadmin');
  assert.deepEqual(await optionsOf(own, 'profile-role'), ['Account Admin', 'Standard User']);
  assert.equal(await own.getByTestId('profile-role').isDisabled(), false);
  assert.equal(await own.getByTestId('profile-licences-input').count(), 1, 'roles 0–3 add licence numbers');
  await own.close();

  const admin = await as('admin', '/dashboard/editAccount?email=accountadmin@demo.portal');
  assert.deepEqual(await optionsOf(admin, 'profile-role'), [
    'Admin',
    'Driver',
    'Account Admin',
    'Standard User',
  ]);
  assert.equal(await admin.getByTestId('profile-role').isDisabled(), false);
  assert.equal(await admin.getByTestId('profile-delete').count(), 1);
  await admin.goto(s.edge.url + '/dashboard/editAccount?email=superadmin@demo.portal');
  await admin.getByTestId('profile-email').getByText('superadmin@demo.portal').waitFor();
  assert.equal(await admin.getByTestId('profile-role').isDisabled(), true);
  await admin.close();
});

test('save posts the stripped values and shows the answer message', async () => {
  const page = await as('new');
  assert.equal(
    await page.getByTestId('profile-licence').getAttribute('readonly'),
    null,
    'a brand-new user edits the licence',
  );
  await page.getByTestId('profile-company').fill('  New Leaf LLC ');
  await page.getByTestId('profile-dba').fill('New Leaf');
  await page.getByTestId('profile-phone').fill('(555) 987-6543');
  await page.getByTestId('profile-billing-name').fill('Nina New');
  await page.getByTestId('profile-billing-email').fill('billing@newleaf.test');
  await page.getByTestId('profile-billing-address').fill('9 Elm St');
  await page.getByTestId('profile-street').fill('9 Elm St');
  await page.getByTestId('profile-notify').selectOption('no');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page
    .getByTestId('profile-logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('profile-logo-preview').waitFor();
  assert.equal(body(posts('/api/utils/uploadfile').at(-1)!).kind, 'logo');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('toast').getByText(UNDER_REVIEW).waitFor();
  const sent = body(posts('/api/users/update').at(-1)!);
  assert.equal(sent.user.company.Licensee, 'New Leaf LLC', 'trimmed');
  assert.equal(sent.user.company['License #'], 'C-200');
  assert.equal(sent.user.alerts.email, false);
  assert.ok(!JSON.stringify(sent).includes('""'), 'no empty strings sent');
  assert.match(
    sent.user.company.logo,
    /^\/api\/utils\/file\/uploads\/logo-\d+\.png$/,
    'the uploaded logo URL',
  );
  assert.ok(
    !('signature' in sent.user) && !('verified' in sent.user) && !('licenseNumbers' in sent.user.company),
    'empty and admin-only fields stripped',
  );
  // The second save is a plain update; a server failure shows the spec's text.
  await page.getByTestId('profile-dba').fill('FAIL');
  await page.getByTestId('profile-save').click();
  await page
    .getByTestId('profile-error')
    .getByText(Messages.profileUpdateFailed('DBA is not allowed'))
    .waitFor();
  await page.close();
});

test('staff: attached accounts, Set all verified posts the bulk update; public link copies; 700 px is one column', async () => {
  const page = await as('admin', '/dashboard/editAccount?email=accountadmin@demo.portal');
  await page.getByTestId('attached-table').getByText('user@demo.portal').waitFor();
  await page.getByTestId('profile-copy-link').click();
  await page.getByTestId('toast').getByText(Messages.linkCopied).waitFor();
  await page.getByTestId('attached-set-verified').click();
  await page.getByTestId('toast').getByText(Messages.profileUpdated).first().waitFor();
  const bulk = posts('/api/users/update')
    .map(body)
    .filter((b) => Array.isArray(b.users))
    .at(-1);
  assert.deepEqual(bulk?.users, [{ email: 'user@demo.portal', verified: true }]);
  await page.getByTestId('attached-table').getByText('Verified', { exact: true }).first().waitFor();
  await shot(page, 'edit-account-1280');
  await page.close();

  const mobile = await as('admin', '/dashboard/editAccount?email=accountadmin@demo.portal', 700);
  const [a, b] = await Promise.all(
    ['profile-company', 'profile-dba'].map((id) => mobile.getByTestId(id).boundingBox()),
  );
  assert.equal(a!.x, b!.x, 'one column at 700 px');
  assert.ok(b!.y > a!.y);
  await shot(mobile, 'edit-account-700');
  await mobile.close();
});

test('create new account: an existing email is refused, a new one is created', async () => {
  const page = await as('admin', '/dashboard/admin');
  await page.getByTestId('profile-email').fill('user@demo.portal');
  for (const [id, v] of [
    ['profile-company', 'Fresh LLC'],
    ['profile-dba', 'Fresh'],
    ['profile-name', 'Fay Fresh'],
    ['profile-phone', '555-111-2222'],
    ['profile-billing-name', 'Fay'],
    ['profile-billing-email', 'fay@fresh.test'],
    ['profile-billing-address', '3 Oak'],
    ['profile-licence', 'F-1'],
    ['profile-street', '3 Oak'],
  ]) {
    await page.getByTestId(id!).fill(v!);
  }
  await page.getByTestId('profile-licences-input').fill('F-2');
  await page.keyboard.press('Enter');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('profile-error').getByText(Messages.emailExists).waitFor();
  await page.getByTestId('profile-email').fill('fay@fresh.test');
  await shot(page, 'create-account-1280');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('toast').getByText(Messages.accountCreated).waitFor();
  await page.waitForURL('**/dashboard/editAccount?email=fay%40fresh.test');
  const sent = body(posts('/api/users/create').at(-1)!).user;
  assert.deepEqual(sent.company.licenseNumbers, ['F-2']);
  assert.equal(sent.role, 4);
  // Staff delete another user (the confirm is accepted) and go back to the accounts list.
  await page.getByTestId('profile-email').getByText('fay@fresh.test').waitFor();
  await page.getByTestId('profile-delete').click();
  await page.waitForURL('**/dashboard/accounts');
  assert.deepEqual(body(posts('/api/users/delete').at(-1)!), { user: { email: 'fay@fresh.test' } });
  await page.close();
});

test("/validateUser?email= signed out: Keycloak's sign-in first, then Edit Account for that email", async () => {
  const page = await s.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(s.edge.url + '/validateUser?email=accountadmin@demo.portal');
  await fillSignInPage(page, 'admin@demo.portal');
  await page.waitForURL('**/dashboard/editAccount?email=accountadmin%40demo.portal');
  await page.getByTestId('profile-email').getByText('accountadmin@demo.portal').waitFor();
  await page.close();
});

test('profile at 700 px, and no uncaught errors or console errors in the page', async () => {
  const page = await as('accountadmin', '/dashboard/profile', 700);
  await shot(page, 'profile-form-700');
  await page.close();
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
