// The application frame for each of the five demo roles: the menus the spec gives that role, the header, the
// footer; screenshots at desktop width and at the 700 px breakpoint.
import { Role, type RoleNumber } from '@portal/contracts';
import { test, expect, DEMO } from '../fixtures/index.ts';
import type { Locator } from '@playwright/test';

// The side menus each role sees (accounts §2 "User menu" / "Admin menu", labels as the screens show them), written
// out here as the oracle: the MFEs' manifests publish the entries and the shell filters and orders them, so
// deriving the expectation from either would test them against themselves. No hideRoutes (the demo config has
// none; config-and-header.spec.ts covers it). Undelivered Mail: the staff screen of refused mails (mfe-accounts' README).
// Operations (staff) and My Reports (/dashboard/userreports, company users 3 and 4): billing's dashboards
// (mfe-billing's README); the spec lists userreports among the other dashboard routes, the menu entry makes it
// reachable. One screen, one entry: staff find the daily schedule (Manage Schedule), Manage Drivers and Fleet Manager
// in the admin menu only, not a second time in the user menu; a driver's Scan follows My Schedule.
const STAFF_USER_MENU = [
  'Profile',
  'Invite Users',
  'Outgoing Orders',
  'Incoming Orders',
  'Placed Orders',
  'Create Order',
  'Delivery Schedule',
  'Check Out',
  'Manifest Download',
  'FAQ',
];
const STAFF_ADMIN_MENU = [
  'Accounts',
  'Manage Orders',
  'Manage Routes',
  'Create Admin Order',
  'Manage Schedule',
  'Manage Drivers',
  'Billing',
  'Reports',
  'Operations',
  'Check In',
  'License Update',
  'Fleet Manager',
];
const MENUS: Record<RoleNumber, { user: string[]; admin: string[] }> = {
  [Role.SuperAdmin]: { user: STAFF_USER_MENU, admin: [...STAFF_ADMIN_MENU, 'Settings', 'Undelivered Mail'] },
  [Role.Admin]: { user: STAFF_USER_MENU, admin: [...STAFF_ADMIN_MENU, 'Undelivered Mail'] },
  [Role.Driver]: {
    user: [
      'Profile',
      'Incoming Orders',
      'My Schedule',
      'Scan',
      'Delivery Schedule',
      'Drivers',
      'Fleet Manager',
      'Manifest Download',
    ],
    admin: [],
  },
  [Role.AccountAdmin]: {
    user: [
      'Profile',
      'Invite Users',
      'Outgoing Orders',
      'Incoming Orders',
      'Placed Orders',
      'Create Order',
      'Delivery Schedule',
      'Check Out',
      'My Reports',
      'Manifest Download',
      'FAQ',
    ],
    admin: [],
  },
  [Role.User]: {
    user: [
      'Profile',
      'Outgoing Orders',
      'Incoming Orders',
      'Create Order',
      'Delivery Schedule',
      'Check Out',
      'My Reports',
      'Manifest Download',
      'FAQ',
    ],
    admin: [],
  },
};

const texts = async (loc: Locator) =>
  (await loc.locator('a').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

for (const role of Object.values(Role)) {
  test(`role ${role} (${DEMO[role]}) sees exactly the menus the spec gives it`, async ({
    signedInAs,
    shot,
  }) => {
    const page = await signedInAs(role);
    const user = await texts(page.getByTestId('nav-user'));
    expect(user).toEqual(MENUS[role].user);
    const adminEntries = MENUS[role].admin;
    if (adminEntries.length) expect(await texts(page.getByTestId('nav-admin'))).toEqual(adminEntries);
    else expect(await page.getByTestId('nav-admin').count()).toBe(0);
    // settings only for role 0
    expect(adminEntries.includes('Settings')).toBe(role === 0);
    const footer = await page.getByTestId('footer').innerText();
    expect(footer).toMatch(/Powered by/);
    expect(footer).toMatch(new RegExp(String(new Date().getFullYear())));
    await page.getByTestId('feedback-button').waitFor({ state: 'visible' });
    await shot(page, `frame-role${role}-desktop`);
    await page.setViewportSize({ width: 700, height: 860 });
    await page.getByTestId('feedback-button').waitFor({ state: 'hidden' });
    await shot(page, `frame-role${role}-700px`);
  });
}
