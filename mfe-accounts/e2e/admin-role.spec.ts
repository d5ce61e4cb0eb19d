// The Admin role sticks: the superadmin makes a user Admin on the edit-account screen, and that user
// signs in as an Admin (the staff menu, role 1 in the API), through the real Keycloak (the group portal-admins).
import { Messages, Role } from '@portal/contracts';
import { test, expect, uniqueEmail, APP, DEMO } from '@portal/e2e/fixtures';

test('superadmin makes a user Admin; the user signs in as Admin', async ({
  api,
  signedInAs,
  testData,
  shot,
}) => {
  const email = await testData.signedUpUser(uniqueEmail('made-admin'), await testData.licence('made-admin'));

  const root = await signedInAs(Role.SuperAdmin);
  await root.goto(`${APP}/dashboard/editAccount?email=${encodeURIComponent(email)}`);
  await root.getByTestId('profile-role').waitFor();
  // a fresh sign-up has no profile yet: the form's required fields first (accounts §5)
  const fill: [string, string][] = [
    ['profile-company', 'Admin Test Co'],
    ['profile-dba', 'Admin Test'],
    ['profile-name', 'Ada Admin'],
    ['profile-phone', '(555) 987-6543'],
    ['profile-billing-name', 'Ada Admin'],
    ['profile-billing-email', 'billing@admin-test.test'],
    ['profile-billing-address', '1 Main St'],
    ['profile-street', '1 Main St'],
  ];
  for (const [id, value] of fill) await root.getByTestId(id).fill(value);
  await root.getByTestId('profile-role').selectOption({ label: 'Admin' });
  await root.getByTestId('profile-save').click();
  await root.getByTestId('toast').getByText(Messages.profileUpdated).waitFor();
  await shot(root, 'accounts-made-admin');

  // the stored role and the token agree: role 1, not a silent drop to 4
  const rootApi = await api(DEMO[Role.SuperAdmin]);
  expect((await rootApi.call(`/api/users/${encodeURIComponent(email)}`)).json.user.role).toBe(Role.Admin);
  const self = await api(email);
  expect((await self.call('/api/users/me')).json.user.role).toBe(Role.Admin);

  const page = await signedInAs(email);
  const adminMenu = page.getByTestId('nav-admin');
  await adminMenu.getByText('Accounts', { exact: true }).waitFor();
  expect(await adminMenu.getByText('Settings', { exact: true }).count(), 'settings stay role 0 only').toBe(0);
  await shot(page, 'accounts-admin-signed-in');
});
