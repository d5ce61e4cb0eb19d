// Labels and the custody report: on the running portal with the fixtures' own companies and users: an
// admin approves the vendor's order in the Edit Order modal and prints its labels with the box count; the PDF the
// browser received is checked (one page per box, 3.98 × 3.32 in, the QR decodes to {APP}/order/{orderId}); the form
// still saves after the print (the print is a ledger entry); the custody panel shows the chain verified. A received
// order's print shows the crossed-out SHIPPING LABEL ERROR label with the current and the allowed status.
import { mkdirSync } from 'node:fs';
import { LabelMessages, OrderMessages as M, Role } from '@portal/contracts';
import { test, expect, APP, placeOrder, type Page, type ApiClient } from '@portal/e2e/fixtures';
import { decodeQr, readPdf } from '../../services/orders/test/domain/labels-pdf-read.ts';
import { testRoute } from './helpers.ts';

const SHOTS = '/tmp/shots-labels';
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The answers to `glob` as the browser received them (the route passes each real answer through, keeping it). */
async function capture(page: Page, glob: string) {
  const got: { status: number; type: string; body: Buffer }[] = [];
  await page.route(glob, async (route) => {
    const r = await route.fetch();
    const body = await r.body();
    got.push({ status: r.status(), type: r.headers()['content-type'] ?? '', body });
    await route.fulfill({ response: r, body });
  });
  return got;
}

const vendorOrder = (vendor: ApiClient, from: string, to: string, weight: string) =>
  placeOrder(vendor, { from, to, weight, invoice: 'E2E-LBL-1' });

test('admin approves and prints labels: the PDF is one page per box at label size, its QR is the order; custody verifies', async ({
  signedInAs,
  api,
  testData,
}) => {
  const stamp = Date.now();
  const vendorLic = await testData.licence('lblvendor');
  const receiverLic = await testData.licence('lblreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-lblvendor-${stamp}@test.portal`, vendorLic);
  await testRoute(await api(Role.Admin));
  const vendorApi = await api(vendorEmail);
  const order = await vendorOrder(vendorApi, vendorLic, receiverLic, '3');
  const waiting = await vendorOrder(vendorApi, vendorLic, receiverLic, '1');

  // --- the admin approves it in the Edit Order modal
  const admin = await signedInAs(Role.Admin);
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
  let modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${order.orderId}` })).toBeVisible();
  await modal.getByTestId('order-status').selectOption('1');
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated)).toBeVisible();

  // --- prints its labels: the count box starts at the box count
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
  modal = admin.getByTestId('order-modal');
  await expect(modal.getByTestId('order-label-count')).toHaveValue('3');
  // the PDF as the browser received it (a route hands the real answer through and keeps its bytes)
  const labels = await capture(admin, '**/api/orders/labels');
  const tab = admin.context().waitForEvent('page');
  await modal.getByTestId('order-print-labels').click();
  const viewer = await tab;
  await expect.poll(() => labels.length).toBe(1);
  expect(labels[0]!.status).toBe(200);
  expect(labels[0]!.type).toBe('application/pdf');
  const pdf = await readPdf(new Uint8Array(labels[0]!.body));
  expect(pdf.pages).toHaveLength(3);
  for (const p of pdf.pages) {
    expect(p.width).toBeCloseTo(3.98 * 72, 2);
    expect(p.height).toBeCloseTo(3.32 * 72, 2);
  }
  expect(decodeQr(pdf.streams)).toBe(`${APP}/order/${order.orderId}`);
  expect(pdf.text).toEqual(expect.arrayContaining([order.orderId, '1 of 3', '3 of 3']));
  await expect(modal.getByTestId('label-pdf-link')).toBeVisible();
  // the labels open in their own tab for printing (the edge's CSP frames no PDF)
  await expect.poll(() => viewer.url()).toMatch(/^blob:/);
  await viewer.close().catch(() => undefined); // headless Chromium's viewer may end itself after print()
  await shoot(admin, 'labels-printed-form');

  // --- the form keeps saving after the print (its version moved with the ledger entry)
  await modal.getByTestId('order-notes').fill('E2E: labels printed, boxes at the dock');
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated)).toBeVisible();
  await expect(admin.getByTestId('order-conflict')).toHaveCount(0);

  // --- the custody panel: created, approved, 3 labels printed by the admin; the chain verifies
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
  const panel = admin.getByTestId('custody-panel');
  await expect(panel.getByTestId('custody-badge')).toContainText('Verified');
  const steps = panel.getByTestId('custody-entry');
  await expect(steps.filter({ hasText: 'Order created' })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'Order approved' })).toHaveCount(1);
  await expect(steps.filter({ hasText: '3 labels printed' })).toHaveCount(1);
  await expect(panel.locator('[data-testid="custody-entry"][data-verified="false"]')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await shoot(admin, 'custody-panel');
  const custodyPdf = await capture(admin, '**/custody.pdf');
  await panel.getByTestId('custody-download').click();
  await expect.poll(() => custodyPdf.length).toBe(1);
  expect(custodyPdf[0]!.status).toBe(200);
  expect((await readPdf(new Uint8Array(custodyPdf[0]!.body))).text.join('\n')).toContain('LEDGER VERIFIED');

  // --- a received order: the crossed-out label with the spec's words, and the §8 toast
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${waiting.id}`);
  modal = admin.getByTestId('order-modal');
  await modal.getByTestId('order-print-labels').click();
  const refused = admin.getByTestId('label-error');
  await expect(refused).toContainText(LabelMessages.error);
  await expect(refused.getByTestId('label-error-current')).toHaveText('Current status: Order Received');
  await expect(refused.getByTestId('label-error-allowed')).toHaveText('Allowed status: Order Approved');
  await expect(admin.getByText(/^Failed to print: SHIPPING LABEL ERROR/)).toBeVisible();
  await shoot(admin, 'label-refused');
  const history = await (await api(Role.Admin)).call(`/api/orders/${waiting.id}/history`);
  expect(history.json.data.entries.map((e: { action: string }) => e.action)).toEqual(['created']);
});
