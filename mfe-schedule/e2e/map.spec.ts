// What a user must see (route map): on the running portal, an admin opens the map of a route of the test's own on a
// day of its own from the daily schedule, reorders and removes stops, saves, reloads: the map reopens in the saved
// order with the removed stop greyed (and GET /api/maps/:id, which the tracking links read, says the same). The
// schedule shows the map button only when scheduleMapsEnabled: this spec turns it on in its own browser context
// (the config answer patched in flight), never in the demo settings. Screenshots at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { mapIdOf } from '@portal/contracts/dispatch';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';
import { mapRouteWithOrders } from '../../e2e/fixtures/map.ts';

const SHOTS = '/tmp/shots-maps';
mkdirSync(SHOTS, { recursive: true });

/** scheduleMapsEnabled on for this page only. */
async function mapsOn(page: Page) {
  await page.context().route('**/api/utils/config', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    await route.fulfill({
      response: res,
      json: { ...json, data: { ...json.data, scheduleMapsEnabled: true } },
    });
  });
}
const stopNames = (page: Page) => page.getByTestId('map-stops').locator('li strong').allTextContents();
const numbers = (page: Page) => page.getByTestId('map-stop-number').allTextContents();

test('the map reorders stops and the order survives reload', async ({ signedInAs, api, testData }) => {
  const admin = await api(Role.Admin);
  const tag = `${Date.now()}`;
  const fx = await mapRouteWithOrders(admin, testData, tag);
  try {
    const page = await signedInAs(Role.Admin);
    await mapsOn(page);
    await page.goto(`${APP}/dashboard/schedule?date=${fx.day}`);
    await page.getByTestId(`route-map-${fx.routeId}`).click();
    const modal = page.getByTestId('route-map');
    await expect(modal.getByRole('heading')).toHaveText(`Route map — ${fx.routeName} — ${fx.day}`);
    await expect(page.getByTestId('map-stop-number')).toHaveCount(4);
    const first = await stopNames(page);
    // markers drawn on the OpenLayers canvas (offline: zip centroids over the US state outlines)
    await expect(page.locator('[data-testid=map-canvas] canvas').first()).toBeVisible();
    await expect(page.getByTestId('map-zip-note')).toBeVisible();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${SHOTS}/e2e-opened-1280.png` });

    // suggest order runs in a Web Worker (its own chunk under /mfe/schedule/); ignoring it changes nothing
    const worker = page.waitForEvent('worker');
    await page.getByTestId('map-suggest').click();
    expect((await worker).url()).toContain('/mfe/schedule/');
    await expect(page.getByTestId('map-suggestion')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/e2e-suggest-1280.png` });
    await page.getByTestId('map-suggest-ignore').click();
    expect(await stopNames(page)).toEqual(first);

    // last stop to the top (keyboard on its handle), the second stop removed
    const ids = fx.orders.map((o) => o.id);
    const lastId = await page.getByTestId('map-stops').locator('li').nth(3).getAttribute('data-testid');
    await page.getByTestId(lastId!).getByTestId('map-stop-handle').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    const secondId = await page.getByTestId('map-stops').locator('li').nth(1).getAttribute('data-testid');
    await page.getByTestId(secondId!).getByTestId('map-stop-remove').click();
    const wanted = [first[3], first[0], first[1], first[2]];
    expect(await stopNames(page)).toEqual(wanted);
    expect(await numbers(page)).toEqual(['1', '–', '2', '3']);
    await page.getByTestId('map-directions').check();
    await expect(page.getByTestId('map-distance')).toContainText('mi');
    await page.getByTestId('map-save').click();
    await expect(page.getByText('Map saved.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/e2e-saved-1280.png` });

    // the service has it: saved order, deleted flag
    const saved = await admin.call(`/api/maps/${mapIdOf(fx.routeId, fx.day)}`);
    expect(saved.status).toBe(200);
    const addresses = saved.json.data.data.addresses as {
      orderId: string;
      deleted: boolean;
      order: number;
    }[];
    expect(addresses.map((a) => a.deleted)).toEqual([false, true, false, false]);
    expect(new Set(addresses.map((a) => a.orderId))).toEqual(new Set(ids));

    // reload: the map opens in the saved order
    await page.reload();
    await page.getByTestId(`route-map-${fx.routeId}`).click();
    await expect(page.getByTestId('map-stop-number')).toHaveCount(4);
    expect(await stopNames(page)).toEqual(wanted);
    expect(await numbers(page)).toEqual(['1', '–', '2', '3']);
    await expect(page.getByTestId(secondId!)).toHaveAttribute('data-deleted', 'true');

    // a phone: list 45 %, map 55 %
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${SHOTS}/e2e-reloaded-390.png` });
    const list = (await page.locator('.rm-list').boundingBox())!;
    const map = (await page.locator('.rm-mapbox').boundingBox())!;
    expect(Math.abs(list.height / (list.height + map.height) - 0.45)).toBeLessThan(0.02);
  } finally {
    await fx.cleanUp();
  }
});
