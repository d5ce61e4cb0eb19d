// The application frame for each of the five demo roles: the menus the spec gives that role, the header, the
// footer; screenshots at desktop width and at the 700 px breakpoint.
import { ADMIN_MENU, USER_MENU, visibleMenu, type RoleNumber } from '@portal/contracts';
import { test, expect, DEMO } from '../fixtures/index.ts';
import type { Locator } from '@playwright/test';

const texts = async (loc: Locator) =>
  (await loc.locator('a').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

for (const role of [0, 1, 2, 3, 4] as RoleNumber[]) {
  test(`role ${role} (${DEMO[role]}) sees exactly the menus the spec gives it`, async ({
    signedInAs,
    shot,
  }) => {
    const page = await signedInAs(role);
    const user = await texts(page.getByTestId('nav-user'));
    expect(user).toEqual(visibleMenu(USER_MENU, role).map((e) => e.label));
    const adminEntries = visibleMenu(ADMIN_MENU, role).map((e) => e.label);
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
