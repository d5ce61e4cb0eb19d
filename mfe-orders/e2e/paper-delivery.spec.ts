// The custody gate's staff override without the scan screen, on the running portal: an admin opens an order in
// Manage Orders, "Record delivery (paper-signed)" asks the receiver's printed name and a reason (both checked before
// anything is sent), and the order is Delivered with the ledger saying who, why and that the signature is on paper.
// Screenshots (1366 and 390 wide) in /tmp/shots-custody-gate.
import { mkdirSync } from 'node:fs';
import { OrderStatus, Role, ScanMessages as SM } from '@portal/contracts';
import { test, expect, APP, placeOrder, type Page } from '@portal/e2e/fixtures';
import { TEST_ZIP } from './helpers.ts';

const SHOTS = '/tmp/shots-custody-gate';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('admin records a paper-signed delivery from the order: checked input, Delivered, who/why/paper in the ledger', async ({
  signedInAs,
  api,
  testData,
}) => {
  const admin = await api(Role.Admin);
  const order = await placeOrder(admin, {
    from: await testData.licence('papervendor'),
    to: await testData.licence('paperreceiver'),
    weight: '2',
    invoice: 'E2E-PAPER-1',
    source: 'api',
    order: { status: OrderStatus.approved },
    data: {
      pickupCompany: { 'Street Address': '2 Test Way', City: 'Testville', Zip: TEST_ZIP },
      destCompany: { 'Street Address': '1 Test Way', City: 'Testville', Zip: TEST_ZIP },
    },
  });

  for (const width of [390, 1366]) {
    // the phone first: its dialog is looked at and left; the 1366 one records
    const page = await signedInAs(Role.Admin);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
    const modal = page.getByTestId('order-modal');
    await modal.getByTestId('order-paper-delivery').click();
    const dialog = page.getByTestId('paper-dialog');
    await expect(dialog.getByText(`Record delivery (paper-signed): ${order.orderId}`)).toBeVisible();
    // nothing typed: both fields say what they need, nothing is sent
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders/delivered') && sent.push(r.url()));
    await dialog.getByTestId('paper-confirm').click();
    await expect(dialog.getByText(SM.paperName)).toBeVisible();
    await expect(dialog.getByText(SM.paperNeedsReason)).toBeVisible();
    await dialog.getByTestId('paper-name').fill('Rita Receiver');
    await dialog.getByTestId('paper-reason').fill('ok');
    await dialog.getByTestId('paper-confirm').click();
    await expect(dialog.getByText(SM.paperName)).toHaveCount(0);
    await expect(dialog.getByText(SM.paperNeedsReason)).toBeVisible();
    expect(sent).toEqual([]);
    await dialog.getByTestId('paper-reason').fill('Signed the paper manifest at the door; copy filed.');
    await snap(page, `paper-dialog-${width}`);
    if (width !== 1366) {
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect(dialog).toHaveCount(0);
      await page.close();
      continue;
    }
    await dialog.getByTestId('paper-confirm').click();
    await expect(page.getByText(SM.paperRecorded)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(modal.getByTestId('order-paper-delivery')).toHaveCount(0);
    await expect(modal.getByTestId('order-status')).toHaveValue(String(OrderStatus.delivered));
    await snap(page, `paper-recorded-${width}`);
    await page.close();
  }

  const h = (await admin.call(`/api/orders/${order.id}/history`)).json.data.entries as {
    action: string;
    by: { role: number };
    changes: { path: string; to?: unknown }[];
  }[];
  expect(h.map((e) => e.action)).toEqual(['created', 'gate-override', 'delivered']);
  expect(h[1]!.by.role).toBe(Role.Admin);
  expect(h[1]!.changes[0]!.to).toEqual({
    step: 'delivered',
    missing: [SM.missingReceiverSignature],
    reason: 'Signed the paper manifest at the door; copy filed.',
  });
  expect(h[2]!.changes.find((c) => c.path === 'evidence.receiverSignature')?.to).toEqual({
    onPaper: true,
    name: 'Rita Receiver',
  });
  const o = (await admin.call(`/api/orders/${order.id}`)).json.data.order;
  expect(o.data.order.signature.customer.name).toBe('Rita Receiver');
});
