// Journey, 16:00: billing reconciles the vendor's week on Billing — the delivered order counted (no "not delivered"
// mark), its driver and route named — and prints it (the browser's print dialog stubbed). Within 5 s the order
// carries the reconciliation stamp, the ledger has a `reconciled` entry and verifies, the screen shows the stamp,
// and the week's invoice lists the order counted, delivered and reconciled.
import { OrderStatus, ORDER_STATUS_NAMES, Role } from '@portal/contracts';
import { ReconWords } from '@portal/contracts/billing';
import { APP, DEMO, tokenFor } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { parseCsv } from '../fixtures/reports.ts';
import { plusDays } from '../fixtures/journey.ts';
import { gridRowText, ledger, ledgerVerifies, recon, stored } from './views.ts';

test('billing reconciles the week and prints: the stamp on the order, the ledger, the screen, the invoice', async ({
  api,
  open,
  look,
  journey: s,
  handOver,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  const { id, orderId } = s.order!;
  const staff = await api(Role.Admin);
  const from = s.week;
  const to = plusDays(s.week, 6);

  const page = await open(DEMO[Role.Admin]);
  page.on('dialog', (d) => void d.dismiss());
  await page.goto(`${APP}/dashboard/billing`);
  await page.getByTestId('recon-vendor-search').fill(s.vendor.licence);
  await page.locator(`[data-testid=recon-vendor][data-ln="${s.vendor.licence}"]`).click();
  await page.getByTestId('recon-from').fill(from);
  await page.getByTestId('recon-to').fill(to);
  await page.getByTestId('recon-search').click();
  await seen('the week’s reconciliation on screen: 1 order, $125.50, counted, its route', async () => {
    await expect(page.getByTestId('recon-grand-total')).toContainText(/1 orders?, \$125\.50/);
    await expect.poll(() => gridRowText(page, orderId), SOON).toContain(orderId);
    const row = await gridRowText(page, orderId);
    expect(row, 'counted: no "not delivered" mark').not.toContain(`${orderId} *`);
    expect(row).toContain(s.route.name);
  });
  await look(page, '09-billing-reconciled');

  // --- print: the form, the confirm, the stamp
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByTestId('recon-print').click();
  await page.getByTestId('recon-courier-name').fill(s.driver.name);
  await look(page, '09-billing-print-form');
  await page.getByTestId('recon-print-go').click();
  await page.getByTestId('recon-confirm-yes').click();
  await expect(page.getByTestId('toast').filter({ hasText: ReconWords.stamped(1) })).toBeVisible();

  // --- everywhere it shows, within 5 s
  await seen('the stamp on the order and the ledger (reconciled, verifying)', async () => {
    await expect.poll(async () => (await stored(staff, id)).data.recon?.user ?? '', SOON).not.toBe('');
    await expect.poll(() => ledger(staff, id), SOON).toContain('reconciled');
    expect(await ledgerVerifies(staff, id)).toBe(true);
  });
  await seen('the stamp in billing’s reconciliation (data, then screen)', async () => {
    await expect
      .poll(async () => {
        const r = await recon(staff, s.vendor.licence, from, to);
        return r.orders.find((o) => o.orderId === orderId)?.recon?.user ?? '';
      }, SOON)
      .not.toBe('');
    await page.getByTestId('recon-search').click();
    await expect.poll(() => gridRowText(page, orderId)).toMatch(/\d{4}-\d{2}-\d{2} /);
  });
  await look(page, '09-billing-stamped');
  await seen('the invoice: the order counted, delivered, reconciled, with its driver', async () => {
    const csv = await fetch(
      `${APP}/api/billing/invoice?vendorLN=${encodeURIComponent(s.vendor.licence)}&from=${from}&to=${to}&format=csv`,
      { headers: { authorization: `Bearer ${await tokenFor(DEMO[Role.Admin])}` } },
    );
    expect(csv.status).toBe(200);
    const rows = parseCsv(await csv.text());
    const line = rows.find((r) => r[0] === orderId);
    expect(line, `${orderId} on the invoice`).toBeTruthy();
    const head = rows.find((r) => r[0] === 'Order')!;
    const cell = (name: string) => line![head.indexOf(name)];
    expect([cell('Status'), cell('Counted'), cell('Driver'), cell('Amount')]).toEqual([
      ORDER_STATUS_NAMES[OrderStatus.delivered],
      'yes',
      s.driver.name,
      '125.50',
    ]);
    expect(cell('Reconciled')).not.toBe('');
  });
  s.marks.reconciled = Date.now();
  handOver(s);
});
