// Reconciliation end to end: an admin reconciles a vendor's week, the totals equal the sum of the seeded amounts
// to the cent, prints (stamps), and the orders then show data.recon and a `reconciled` ledger entry whose chain still
// verifies. The vendor is a fresh licence of this run; its orders are placed and delivered through the API in a past
// week (approved delivery date in that week), so no demo row is read or changed.
import { Role } from '@portal/contracts';
import { ReconWords, centsOf, formatCents } from '@portal/contracts/billing';
import { test, expect, APP } from '@portal/e2e/fixtures';
import { deliveredOrders, pastWeek, waitForProjection } from '../../e2e/fixtures/recon.ts';

const SHOTS = '/tmp/shots-recon';
const AMOUNTS = [
  { amount: '$1,250.50', methodSelect: 'cash', id: '501' },
  { amount: '0.1', methodSelect: 'net' },
  { amount: '0.1', methodSelect: 'net' },
  { amount: '0.1', methodSelect: 'net' },
  { amount: '19.99', methodSelect: 'check', id: '2044' },
] as const;

test('an admin reconciles a vendor week to the cent, prints, and the orders carry the stamp and the ledger entry', async ({
  signedInAs,
  api,
  testData,
}) => {
  test.setTimeout(180_000);
  const vendorLN = await testData.licence('rcvendor');
  const destLN = await testData.licence('rcdest');
  const admin = await api(Role.Admin);
  const week = pastWeek(2);
  const ids = await deliveredOrders(admin, vendorLN, destLN, week.wednesday, [...AMOUNTS]);
  const expected = AMOUNTS.reduce((s, a) => s + (centsOf(a.amount) ?? 0), 0);
  expect(expected).toBe(125050 + 30 + 1999);
  const data = await waitForProjection(admin, vendorLN, week.from, week.to, ids.length);
  expect(data.totals.amountCents).toBe(expected);

  const page = await signedInAs(Role.Admin);
  page.on('dialog', (d) => void d.dismiss());
  await page.goto(`${APP}/dashboard/billing`);
  await page.getByTestId('recon-vendor-search').fill(vendorLN);
  await page.locator(`[data-testid=recon-vendor][data-ln="${vendorLN}"]`).click();
  await page.getByTestId('recon-from').fill(week.from);
  await page.getByTestId('recon-to').fill(week.to);
  await page.getByTestId('recon-search').click();
  await expect(page.getByTestId('recon-grand-total')).toContainText(`5 orders, ${formatCents(expected)}`);
  expect(await page.getByTestId('recon-by-method').allInnerTexts()).toEqual([
    'Cash 501\t1\t$1,250.50',
    'Check 2044\t1\t$19.99',
    'Net Terms\t3\t$0.30',
  ]);
  await expect(page.locator('.ag-center-cols-container .ag-row')).toHaveCount(5, { timeout: 20_000 });
  // orders §9: the 48-hour discrepancy rule under the totals
  await expect(page.getByTestId('recon-discrepancy-rule')).toContainText(ReconWords.discrepancyRule);
  await page.screenshot({ path: `${SHOTS}/e2e-reconciled.png`, fullPage: true });

  // print: the form, the confirm, the stamp (the print dialog itself is the browser's: stubbed)
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByTestId('recon-print').click();
  await page.getByTestId('recon-courier-name').fill('E2E Courier');
  await page.screenshot({ path: `${SHOTS}/e2e-print-form.png`, fullPage: true });
  await page.getByTestId('recon-print-go').click();
  const printed = page.waitForResponse((r) => r.url().endsWith('/api/billing/recon/print'));
  await page.getByTestId('recon-confirm-yes').click();
  // the print says by when discrepancies must be reported: 48 hours after it; nothing was settled before
  const print = (await (await printed).json()).data.print;
  expect(print.reportBy).toBe(new Date(Date.parse(print.date) + 48 * 3_600_000).toISOString());
  expect(print.settled).toBe(0);
  await expect(
    page.getByTestId('toast').filter({ hasText: '5 orders stamped as reconciled.' }),
  ).toBeVisible();

  // orders applies the stamp: data.recon on each order, a `reconciled` ledger entry, the chain verifies
  for (const id of ids) {
    await expect
      .poll(async () => (await admin.call(`/api/orders/${id}`)).json.data.order.data.recon?.user ?? '', {
        timeout: 30_000,
      })
      .not.toBe('');
    const order = (await admin.call(`/api/orders/${id}`)).json.data.order;
    expect(order.data.recon.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const history = (await admin.call(`/api/orders/${id}/history`)).json.data.entries as { action: string }[];
    expect(history.some((e) => e.action === 'reconciled')).toBe(true);
    const verify = await admin.call(`/api/orders/${id}/history/verify`);
    expect(verify.status).toBe(200);
    expect(verify.json.ok).toBe(true);
  }
  // the screen shows the stamp once billing's projection has it
  await expect
    .poll(
      async () => {
        await page.getByTestId('recon-search').click();
        return page
          .locator('.ag-center-cols-container .ag-row')
          .filter({ hasText: /\d{4}-\d{2}-\d{2} / })
          .count();
      },
      { timeout: 30_000 },
    )
    .toBe(5);
  await page.screenshot({ path: `${SHOTS}/e2e-stamped.png`, fullPage: true });
});
