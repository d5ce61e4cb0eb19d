// Where each role's day starts, and the order link in the mails: after sign-in staff land on Manage Orders, a driver
// on today's schedule with Scan one tap away on a phone, company users on Incoming Orders; the mailed /order/{id}
// opens the receiving company's order read-only (no edit control, no failing call) and the vendor's editable, and
// the orders service refuses the receiver's edits. Screenshots at 1366x900 and 390x844 in e2e/artifacts.
import { Role, type RoleNumber } from '@portal/contracts';
import {
  test,
  expect,
  APP,
  DEMO,
  PASSWORD,
  placeOrder,
  signIn,
  fillKeycloakLogin,
  type ApiClient,
  type Page,
} from '../fixtures/index.ts';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Console errors and failed API answers of a page, for "no failing call" and "no console error". */
function watch(page: Page) {
  const failures: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { failures, errors };
}

const HOMES: { role: RoleNumber; path: string; menu: string }[] = [
  { role: Role.SuperAdmin, path: '/dashboard/adminManageOrders', menu: 'nav-adminManageOrders' },
  { role: Role.Admin, path: '/dashboard/adminManageOrders', menu: 'nav-adminManageOrders' },
  { role: Role.AccountAdmin, path: '/dashboard/incomingorders', menu: 'nav-incomingorders' },
  { role: Role.User, path: '/dashboard/incomingorders', menu: 'nav-incomingorders' },
];

test('each role lands where its day starts: staff on Manage Orders, company users on Incoming Orders', async ({
  newPage,
  shot,
}) => {
  for (const { role, path, menu } of HOMES) {
    const page = await newPage();
    await page.setViewportSize(DESKTOP);
    const seen = watch(page);
    await signIn(page, DEMO[role]);
    await expect(page).toHaveURL(`${APP}${path}`);
    await expect(page.getByTestId(menu)).toHaveAttribute('aria-current', 'page');
    // the home link goes there too
    await page.goto(`${APP}/`);
    await expect(page).toHaveURL(`${APP}${path}`);
    await page.waitForLoadState('networkidle');
    await shot(page, `landing-role${role}-1366`);
    expect(seen.errors, `role ${role}`).toEqual([]);
    await page.context().close();
  }
});

test('a driver lands on today’s schedule; on a phone Scan is one tap away, and in his menu after My Schedule', async ({
  newPage,
  shot,
}) => {
  const page = await newPage();
  await page.setViewportSize(PHONE);
  const seen = watch(page);
  await signIn(page, DEMO[Role.Driver]);
  await expect(page).toHaveURL(`${APP}/dashboard/manageSchedule`);
  const scan = page.getByTestId('shortcut-scan');
  await expect(scan).toBeVisible();
  const box = (await scan.boundingBox())!;
  expect(box.x + box.width, 'inside the phone screen').toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height, 'in the header').toBeLessThanOrEqual(61);
  // the schedule keeps a live connection open (no network idle): its day or its empty state
  await page.getByTestId('schedule-page').waitFor();
  await expect(page.getByTestId('schedule-loading')).toHaveCount(0);
  await shot(page, 'landing-driver-390');
  await scan.click();
  await expect(page).toHaveURL(`${APP}/dashboard/scan`);
  await page.getByTestId('scan-screen').waitFor();
  await expect(scan).toHaveAttribute('aria-current', 'page');
  await shot(page, 'landing-driver-scan-390');
  await page.getByTestId('nav-toggle').click();
  const links = await page.getByTestId('nav-user').locator('a').allInnerTexts();
  expect(links.slice(links.indexOf('My Schedule'), links.indexOf('My Schedule') + 2)).toEqual([
    'My Schedule',
    'Scan',
  ]);
  await shot(page, 'landing-driver-menu-390');
  expect(seen.errors).toEqual([]);
});

/** A delivery route of the test's own serving the fixtures' zip (90001) every day; its id for the clean-up. */
async function testRoute(admin: ApiClient): Promise<string> {
  const r = await admin.call('/api/routes/create', {
    route: {
      name: `E2E links ${Date.now()}`,
      data: {
        startTime: '08:00',
        rows: [
          { city: 'Testville', zipCode: '90001', dayOfTheWeek: 'mon,tue,wed,thur,fri,sat,sun', price: 0 },
        ],
      },
    },
  });
  expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
  return r.json.data.route.id as string;
}

/** Opens the mailed link signed out, signs in on Keycloak's page it leads to, and waits for the order's modal. */
async function openLink(page: Page, link: string, email: string) {
  await page.goto(link);
  await fillKeycloakLogin(page, email, PASSWORD);
  const modal = page.getByTestId('order-modal');
  await modal.waitFor();
  return modal;
}

test('the mailed order link: read-only for the receiver (no edit control, no failing call), editable for the vendor; the server refuses the receiver’s edits', async ({
  newPage,
  api,
  testData,
  mailbox,
  shot,
}) => {
  const vendorLic = await testData.licence('linkvendor');
  const receiverLic = await testData.licence('linkreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-linkvendor-${Date.now()}@test.portal`, vendorLic);
  const receiverEmail = await testData.signedUpUser(
    `e2e-linkreceiver-${Date.now()}@test.portal`,
    receiverLic,
  );
  const admin = await api(Role.Admin);
  const route = await testRoute(admin);
  try {
    const since = Date.now();
    const order = await placeOrder(await api(vendorEmail), {
      from: vendorLic,
      to: receiverLic,
      invoice: 'E2E-LINK-1',
    });
    // --- the link the receiver was mailed
    const mail = await mailbox.waitForMailTo(receiverEmail, new RegExp(`^New order ${order.orderId}`), {
      since,
    });
    const link = /Open the order: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBe(`${APP}/order/${order.id}`);

    // --- the receiver: the order's facts, read-only; nothing that would only end in a permission error
    const receiver = await newPage();
    await receiver.setViewportSize(DESKTOP);
    const seen = watch(receiver);
    const modal = await openLink(receiver, link!, receiverEmail);
    await expect(modal.getByRole('heading', { name: `Order ${order.orderId}` })).toBeVisible();
    await expect(modal.getByTestId('order-readonly')).toBeVisible();
    await expect(modal.getByTestId('order-view-order-id')).toHaveText(order.orderId);
    await expect(modal.getByTestId('order-view-vendor')).toContainText(vendorLic);
    await expect(modal.getByTestId('order-view-destination')).toContainText(receiverLic);
    for (const id of [
      'order-form',
      'order-submit',
      'order-cancel',
      'order-checkout',
      'order-print-labels',
      'manifest-input',
    ])
      await expect(modal.getByTestId(id), id).toHaveCount(0);
    await modal.getByTestId('history-entry').first().waitFor();
    await receiver.waitForLoadState('networkidle');
    await shot(receiver, 'order-link-receiver-1366');
    await receiver.setViewportSize(PHONE);
    await shot(receiver, 'order-link-receiver-390');
    expect(seen.failures).toEqual([]);
    expect(seen.errors).toEqual([]);

    // --- the server: the receiver may read the order, not change, cancel or check it out
    const receiverApi = await api(receiverEmail);
    expect((await receiverApi.call(`/api/orders/${order.id}`)).status).toBe(200);
    const edit = await receiverApi.call('/api/orders/update', {
      order: { id: order.id, version: order.version, data: { order: { notes: 'changed by the receiver' } } },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(403);
    const cancel = await receiverApi.call('/api/orders/cancel', {
      order: { id: order.id, version: order.version, cancelReason: 'Other' },
    });
    expect(cancel.status, JSON.stringify(cancel.json)).toBe(403);
    const checkout = await receiverApi.call('/api/orders/checkout', { id: order.id });
    expect([403, 404], JSON.stringify(checkout.json)).toContain(checkout.status);
    const stored = await (await api(vendorEmail)).call(`/api/orders/${order.id}`);
    expect(stored.json.data.order.data.order.notes ?? '').not.toContain('receiver');

    // --- the vendor: the same link opens the editable order; a save's toast shows above the dialog
    const vendor = await newPage();
    await vendor.setViewportSize(DESKTOP);
    const vendorSeen = watch(vendor);
    const form = await openLink(vendor, link!, vendorEmail);
    await expect(form.getByRole('heading', { name: `Edit Order ${order.orderId}` })).toBeVisible();
    await expect(form.getByTestId('order-submit')).toBeEnabled();
    await expect(form.getByTestId('order-cancel')).toBeVisible();
    await expect(form.getByTestId('order-readonly')).toHaveCount(0);
    await form.getByTestId('order-submit').click();
    const toast = vendor.getByTestId('toast').first();
    await expect(toast).toBeVisible();
    // above the dialog: the toasts are in the top layer (shown after the dialog), not behind its backdrop
    const layer = await vendor.getByTestId('toaster').evaluate((el) => el.matches(':popover-open'));
    expect(layer, 'the toasts are in the top layer while the dialog is open').toBe(true);
    await shot(vendor, 'order-link-vendor-1366');
    expect(vendorSeen.errors).toEqual([]);
    // the dialog closed: the toasts leave the top layer (under the header and the menus again)
    await form.getByRole('button', { name: 'Close' }).last().click();
    await expect(form).toHaveCount(0);
    await expect
      .poll(() => vendor.getByTestId('toaster').evaluate((el) => el.hasAttribute('popover')))
      .toBe(false);
  } finally {
    await admin.call('/api/routes/delete', { route: { id: route } });
  }
});
