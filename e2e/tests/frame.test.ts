// The application frame for each of the five demo roles: the menus the spec gives that role, the header, the
// footer; screenshots at desktop width and at the 700 px breakpoint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ADMIN_MENU, USER_MENU, visibleMenu, type RoleNumber } from '@portal/contracts';
import { launch, newPage, signIn, shot, DEMO } from './harness.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const texts = async (loc: import('playwright-core').Locator) =>
  (await loc.locator('a').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

for (const role of [0, 1, 2, 3, 4] as RoleNumber[]) {
  test(`role ${role} (${DEMO[role]}) sees exactly the menus the spec gives it`, async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, DEMO[role]);
      const user = await texts(page.getByTestId('nav-user'));
      assert.deepEqual(
        user,
        visibleMenu(USER_MENU, role).map((e) => e.label),
      );
      const adminEntries = visibleMenu(ADMIN_MENU, role).map((e) => e.label);
      if (adminEntries.length) assert.deepEqual(await texts(page.getByTestId('nav-admin')), adminEntries);
      else assert.equal(await page.getByTestId('nav-admin').count(), 0);
      // settings only for role 0
      assert.equal(adminEntries.includes('Settings'), role === 0);
      const footer = await page.getByTestId('footer').innerText();
      assert.match(footer, /Powered by/);
      assert.match(footer, new RegExp(String(new Date().getFullYear())));
      await assert.doesNotReject(page.getByTestId('feedback-button').waitFor({ state: 'visible' }));
      await shot(page, `frame-role${role}-desktop`);
      await page.setViewportSize({ width: 700, height: 860 });
      await page.getByTestId('feedback-button').waitFor({ state: 'hidden' });
      await shot(page, `frame-role${role}-700px`);
    } finally {
      await context.close();
    }
  });
}
