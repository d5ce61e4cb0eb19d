// @portal/ui's library-backed parts in a real page (the driver's profile signature): the native <dialog> Modal (top
// layer, inert page, Escape) and the signature_pad canvas on a high-DPI screen (sharp backing store, the stored PNG
// still 600 × 120). Setup: test/portal.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { fillSignInPage } from '@portal/ui/testing/portal';
import { portalSuite } from './portal.js';
import { profileApi } from './fakes/profile.js';

const s = portalSuite(profileApi);
const { calls } = s;

async function driverAt(deviceScaleFactor: number): Promise<Page> {
  const page = await s.open('/login?redirect=%2Fdashboard%2Fprofile', { scale: deviceScaleFactor });
  await fillSignInPage(page, 'driver@demo.portal');
  await page.getByTestId('profile-form').waitFor();
  await page.getByTestId('profile-signature-open').click();
  await page.getByTestId('profile-signature-canvas').waitFor();
  return page;
}

test('the sign dialog is a modal <dialog>: the page behind is inert, Escape closes it', async () => {
  const page = await driverAt(1);
  const dialog = page.locator('dialog.pu-modal');
  assert.equal(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal')), true);
  // Focus stays inside: tabbing many times never reaches the header behind the dialog.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => !!document.activeElement?.closest('dialog')), true, 'focus trapped');
  await page
    .getByTestId('feedback-button')
    .click({ timeout: 1000, trial: true })
    .then(
      () => assert.fail('the header is clickable behind a modal dialog'),
      () => undefined,
    );
  await page.keyboard.press('Escape');
  await page.getByTestId('profile-signature-canvas').waitFor({ state: 'detached' });
  await page.close();
});

test('on a 2× screen the pad draws on a 1200 × 240 backing store and saves a 600 × 120 PNG', async () => {
  const page = await driverAt(2);
  const canvas = page.getByTestId('profile-signature-canvas');
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid=profile-signature-canvas]') as HTMLCanvasElement).width === 1200,
  );
  assert.deepEqual(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height]), [1200, 240]);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 40 + i * 30, box.y + 60 + (i % 2 ? 25 : -25));
  await page.mouse.up();
  await page.getByTestId('profile-signature-save').click();
  await page.getByTestId('profile-signature-image').waitFor();
  const upload = calls.filter((c) => c.startsWith('POST /api/utils/uploadfile ')).at(-1)!;
  const file = (JSON.parse(upload.slice(upload.indexOf(' {') + 1)) as { file: string }).file;
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.width, img.height];
  }, file);
  assert.deepEqual(size, [600, 120]);
  await page.close();
});
