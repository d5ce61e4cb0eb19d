// The dashboards (/dashboard/operations for staff, /dashboard/userreports "My Reports" for a company): the charts
// (svg) and their table fallbacks show the figures of orders this test placed and delivered on fresh licences, on a
// delivery day of its own; a fresh company user sees only their own company's orders. The chart code loads only
// with these pages.
import { mkdirSync, readFileSync } from 'node:fs';
import { Role } from '@portal/contracts';
import type { OperationsDashboard, VendorDashboard } from '@portal/contracts/billing';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';
import {
  dashboardWhen,
  everyDayRoute,
  markDelivered,
  orderOn,
  ownDay,
} from '../../e2e/fixtures/dashboards.ts';

const SHOTS = '/tmp/shots-dashboards';
mkdirSync(SHOTS, { recursive: true });
type Ops = OperationsDashboard['data'];
type Mine = VendorDashboard['data'];

/** Sets the page's range to one day through the picker. */
async function pickDay(page: Page, day: string) {
  await page.getByTestId('db-from').fill(day);
  await page.getByTestId('db-to').fill(day);
}
/** The number in a fallback table's row (its first cell `name`). */
async function cell(page: Page, table: string, name: string) {
  await page.getByTestId(`${table}-toggle`).click();
  const row = page.getByTestId(`${table}-table`).getByRole('row').filter({ hasText: name });
  return Number(await row.locator('td').first().textContent());
}

test('operations and a vendor own dashboard show the figures of this test orders, each company only its own', async ({
  signedInAs,
  api,
  testData,
}) => {
  const day = ownDay();
  const stamp = Date.now();
  const licA = await testData.licence('dbvendora');
  const licB = await testData.licence('dbvendorb');
  const licR = await testData.licence('dbreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-dbvendor-${stamp}@test.portal`, licA);
  const admin = await api(Role.Admin);
  const routeId = await everyDayRoute(admin, 'dash');
  try {
    // company A: three orders, two delivered; company B (placed by staff): one, delivered
    const vendor = await api(vendorEmail);
    const a = [1, 2, 3].map((n) => `E2E-DB-A${n}`);
    const mine = [];
    for (const inv of a) mine.push(await orderOn(vendor, licA, licR, day, inv));
    await markDelivered(admin, mine[0]!);
    await markDelivered(admin, mine[1]!);
    await markDelivered(admin, await orderOn(admin, licB, licR, day, 'E2E-DB-B1'));

    const q = `from=${day}&to=${day}`;
    const ops = await dashboardWhen<Ops>(
      admin,
      `/api/billing/dashboard/operations?${q}`,
      (d) => d.totals.delivered >= 3 && d.totals.orders >= 4,
    );
    const own = await dashboardWhen<Mine>(
      vendor,
      `/api/billing/dashboard/vendor?${q}`,
      (d) => d.totals.orders === 3 && d.totals.delivered === 2,
    );
    expect(own.licences).toBe(1);

    // staff: the day's chart and its table hold this test's deliveries
    const page = await signedInAs(Role.Admin);
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('.js') && r.ok()) scripts.push(await r.text().catch(() => ''));
    });
    await page.goto(`${APP}/dashboard/reports`);
    await page.getByTestId('reports-page').waitFor();
    expect(
      scripts.some((s) => s.includes('db-chart-surface')),
      'no chart code before a dashboard',
    ).toBe(false);
    await page.goto(`${APP}/dashboard/operations`);
    await pickDay(page, day);
    await expect(page.getByTestId('db-deliveries').locator('.db-figure-value')).toHaveText(
      String(ops.totals.delivered),
    );
    await expect(page.getByTestId('db-per-day').locator('svg.db-chart-surface')).toBeVisible();
    expect(
      scripts.some((s) => s.includes('db-chart-surface')),
      'the chart chunk came with the page',
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/operations-desktop.png`, fullPage: true });
    expect(await cell(page, 'db-per-day', day)).toBeGreaterThanOrEqual(3);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.getByTestId('db-per-day-toggle').click(); // back to the chart
    await expect(page.getByTestId('db-per-day').locator('svg.db-chart-surface')).toBeVisible();
    // this calendar week may hold no order of any test yet (the test's own day can be in another week): then the card
    // says so instead of drawing an empty chart
    await expect(
      page.getByTestId('db-week').locator('svg.db-chart-surface').or(page.getByTestId('db-week-empty')),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-700.png`, fullPage: true });

    // the vendor: only company A's three orders (B's delivered order is not theirs)
    const vp = await signedInAs(vendorEmail);
    await vp.goto(`${APP}/dashboard/userreports`);
    await pickDay(vp, day);
    await expect(vp.getByTestId('db-orders').locator('.db-figure-value')).toHaveText('3');
    await expect(vp.getByTestId('db-deliveries').locator('.db-figure-value')).toHaveText('2');
    await expect(vp.getByTestId('db-status').locator('svg.db-chart-surface')).toBeVisible();
    await vp.screenshot({ path: `${SHOTS}/vendor-desktop.png`, fullPage: true });
    expect(await cell(vp, 'db-status', 'Delivered')).toBe(2);
    // orders §2 userreports: My Reports exports the company's own orders of the range (A's three, not B's)
    const download = vp.waitForEvent('download');
    await vp.getByTestId('db-export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`my-orders-${day}-${day}.csv`);
    const csv = readFileSync((await file.path())!, 'utf8');
    const invoices = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[8])
      .sort();
    expect(invoices).toEqual(a);
    await vp.setViewportSize({ width: 700, height: 900 });
    await vp.screenshot({ path: `${SHOTS}/vendor-700.png`, fullPage: true });
    // whatever it asks for, a company user gets its own figures
    const other = await vendor.call(
      `/api/billing/dashboard/vendor?${q}&vendorLN=${encodeURIComponent(licB)}`,
    );
    expect(other.json.data.totals).toEqual({ orders: 3, delivered: 2 });
    expect((await vendor.call(`/api/billing/dashboard/operations?${q}`)).status).toBe(403);
  } finally {
    await admin.call('/api/routes/delete', { route: { id: routeId } });
  }
});
