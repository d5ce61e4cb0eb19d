// What a user must see (the orders screens), on the running portal with the fixtures' own companies and users
// (testData: fresh licences, signed-up vendor and receiver; never the demo companies): the vendor's order with
// validation errors, then a valid one, seen in Outgoing; the receiver sees it in Incoming; an admin approves it and
// the vendor gets the status mail; it is cancelled with a reason, deleted and undeleted; the history shows every
// step and verifies. Screenshots at 1280 and 700 px in e2e/artifacts.
import { OrderMessages as M, Role, type Order, type OrderRow } from '@portal/contracts';
import { test, expect, APP, type Page, type ApiClient } from '@portal/e2e/fixtures';
import { dayFrom, TEST_ZIP, testRoute } from './helpers.ts';

const day = dayFrom;

/**
 * The one grid row of an order, found through the list's search box (the server searches). The order ID is pinned
 * left and Delete pinned right, so a row is three parts sharing one row-id: the locator holds all three.
 */
async function rowOf(page: Page, orderId: string) {
  await page.getByTestId('orders-search').fill(orderId);
  const idPart = page.locator('.ag-pinned-left-cols-container .ag-row').filter({ hasText: orderId });
  await expect(idPart).toHaveCount(1, { timeout: 15_000 });
  return page.locator(`.ag-row[row-id="${await idPart.getAttribute('row-id')}"]`);
}

async function ordersOf(client: ApiClient, list: string): Promise<OrderRow[]> {
  const r = await client.call(`/api/orders?list=${list}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.orders as OrderRow[];
}

test('vendor → receiver → admin: errors then a valid order, outgoing, incoming, approved with the mail, cancelled, deleted and undeleted, history verifies', async ({
  signedInAs,
  api,
  testData,
  mailbox,
  shot,
}) => {
  const vendorLic = await testData.licence('ordvendor');
  const receiverLic = await testData.licence('ordreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-ordvendor-${Date.now()}@test.portal`, vendorLic);
  const receiverEmail = await testData.signedUpUser(`e2e-ordreceiver-${Date.now()}@test.portal`, receiverLic);
  await testRoute(await api(Role.Admin));

  // --- the vendor: errors first, then a valid order
  const vendor = await signedInAs(vendorEmail);
  await vendor.goto(`${APP}/dashboard/createOrder`);
  await vendor.getByTestId('order-form').waitFor();
  await expect(vendor.getByTestId('order-pickupLN')).toHaveValue(vendorLic);
  await vendor.getByTestId('order-submit').click();
  await expect(vendor.getByTestId('order-banner')).toContainText(M.fixErrors);
  await expect(vendor.getByText(M.destinationRequired, { exact: true })).toBeVisible();
  await expect(vendor.getByText(M.required('Preferred Delivery Date'), { exact: true })).toBeVisible();
  await vendor.getByTestId('order-orderType').selectOption('layover');
  await vendor.getByTestId('order-destinationLN').fill(receiverLic);
  await vendor.getByTestId('order-destinationLN-option').first().click();
  // the licence record brings the address and zip (order-destination.spec.ts)
  await expect(vendor.getByTestId('order-destAddress')).toHaveValue('1 Test Way');
  await expect(vendor.getByTestId('order-destZip')).toHaveValue(TEST_ZIP);
  await vendor.getByTestId('order-preferredDelivery').fill(day(-1));
  await vendor.getByTestId('order-submit').click();
  await expect(vendor.getByText(M.deliveryInPast, { exact: true })).toBeVisible();
  await shot(vendor, 'orders-create-errors');
  await vendor.getByTestId('order-preferredPickup').fill(day(2));
  await vendor.getByTestId('order-preferredDelivery').fill(day(3));
  await vendor.getByTestId('order-invoice').fill('E2E-INV-1');
  await vendor.getByTestId('order-notes').fill('E2E order: leave at the dock');
  const created = vendor.waitForResponse((r) => r.url().endsWith('/api/orders/create'));
  await vendor.getByTestId('order-submit').click();
  const answer = (await (await created).json()) as { data: { order: Order } };
  await expect(vendor.getByText(M.created)).toBeVisible();
  await vendor.waitForURL(/\/dashboard\/orders/);

  const { id, orderId } = answer.data.order;
  const vendorApi = await api(vendorEmail);
  expect((await ordersOf(vendorApi, 'outgoing')).map((o) => o.orderId)).toEqual([orderId]);
  await rowOf(vendor, orderId);
  await shot(vendor, 'orders-outgoing');

  // --- the receiver: the order is incoming; a row click opens nothing there
  const receiver = await signedInAs(receiverEmail);
  await receiver.goto(`${APP}/dashboard/incomingorders`);
  const incoming = await rowOf(receiver, orderId);
  await incoming.first().click();
  await expect(receiver.getByTestId('order-modal')).toHaveCount(0);
  await shot(receiver, 'orders-incoming');

  // --- an admin approves it (deep link opens the modal); the vendor gets the status mail
  const since = Date.now();
  const admin = await signedInAs(Role.Admin);
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${id}`);
  const modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${orderId}` })).toBeVisible();
  await modal.getByTestId('order-status').selectOption('1');
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated)).toBeVisible();
  await shot(admin, 'orders-admin-modal');
  const mail = await mailbox.waitFor(
    { to: vendorEmail, since },
    {
      full: (m) => m.text.includes(orderId) && /approved/i.test(`${m.subject} ${m.text}`),
      timeoutMs: 60_000,
    },
  );
  expect(mail.to.join(' ')).toContain(vendorEmail);

  await admin.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // --- deleted and undeleted from the admin list (all history + Show deleted: the order stays on screen)
  const adminApi = await api(Role.Admin);
  const one = async () => (await adminApi.call(`/api/orders/${id}`)).json.data.order as Order;
  await admin.getByTestId('orders-all').check();
  await admin.getByTestId('orders-deleted').check();
  await (await rowOf(admin, orderId)).getByTestId('row-delete').click();
  await expect(admin.getByText(`Order ${orderId} deleted.`)).toBeVisible();
  await expect.poll(async () => (await one()).deleted).toBe(1);
  await (await rowOf(admin, orderId)).getByTestId('row-undelete').click();
  await expect(admin.getByText(`Order ${orderId} restored.`)).toBeVisible();
  await expect.poll(async () => (await one()).deleted).toBe(0);
  await shot(admin, 'orders-admin-list');

  // --- cancelled with a reason (row click opens the modal)
  await (await rowOf(admin, orderId)).locator('.ag-cell').first().click();
  await modal.getByTestId('order-cancel').click();
  await admin.getByTestId('cancel-reason').selectOption('Vendor Cancelled');
  await admin.getByTestId('cancel-confirm').click();
  await expect(modal.getByTestId('order-deleted')).toContainText('Vendor Cancelled');
  expect((await one()).cancelReason).toBe('Vendor Cancelled');

  // --- the history: every step, and the chain verifies
  const history = modal.getByTestId('order-history');
  await expect(history.getByTestId('history-entry')).toHaveCount((await one()).history?.length ?? 5);
  const actions = await history.getByTestId('history-entry').allTextContents();
  for (const step of [/created/i, /status|updated/i, /^deleted|\bdeleted/i, /undelete/i, /cancel/i])
    expect(
      actions.some((a) => step.test(a)),
      `${step} in ${actions.join(' | ')}`,
    ).toBe(true);
  await history.getByTestId('history-verify').click();
  await expect(history.getByTestId('history-verdict')).toContainText('History verified');
  const verify = await adminApi.call(`/api/orders/${id}/history/verify`);
  expect(verify.json.ok).toBe(true);
  await shot(admin, 'orders-history');

  // --- 700 px: the vendor's list and form
  await vendor.setViewportSize({ width: 700, height: 900 });
  await vendor.goto(`${APP}/dashboard/orders`);
  await rowOf(vendor, orderId);
  await shot(vendor, 'orders-outgoing-700');
  await vendor.goto(`${APP}/dashboard/createOrder`);
  await vendor.getByTestId('order-form').waitFor();
  await shot(vendor, 'orders-create-700');
});
