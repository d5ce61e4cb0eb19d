// The sample company users the Accounts screen lists as Verified sign in through the login screen with the demo
// password the README documents (they had profiles but no login: "That username and password combination is not
// valid"). The seed (services/accounts/scripts/seed-logins.ts) makes their logins.
import { mkdirSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { test, expect, signIn } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-accounts';
mkdirSync(SHOTS, { recursive: true });

test('a seeded company user shown as Verified signs in with the demo password', async ({ api, newPage }) => {
  const staff = await api(Role.Admin);
  const listed = (await staff.call('/api/users')).json.data.users as { email: string; verified: unknown }[];
  const sample = listed.find((u) => u.email === 'orders@bluepeak.example');
  expect(sample?.verified, 'listed as Verified').toBe(true);
  const page = await newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, sample!.email);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seeded-user-signed-in-1366.png` });
});
