// The order form on its own (Create Order page, Edit Order modal body): the §5 rules live from @portal/contracts,
// the route days of the destination zip, the create call's body, save-on-blur with the version, the 409 conflict
// with Reload, and the history with Verify. Fake answers are typed by the contracts (fakes.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OrderMessages as M, Role, orderDeliveryDays } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { admin, driver, history, licences, me, nextWeekdays, order, routesFor, vendor } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wednesdays = nextWeekdays(3, 4);
const thursday = nextWeekdays(4, 1)[0]!;
let ui: Mounted;
let role: number = Role.AccountAdmin;
let conflict = false;
let version = 3;
let notes = 'ring twice';

before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/forms.tsx'), exportName: 'CreateOrder' },
    {
      'GET /api/users/me': () => [200, me(role)],
      'GET /api/license/licensenumbers': () => [200, licences],
      // orders' destination call: the licence record (Harbor, zip 97201) and the zip's days (Wednesdays)
      'GET /api/orders/destination': (_b, url) => {
        const q = (url as URL).searchParams;
        const harbor = q.get('licence') === 'C10-0000202-LIC';
        const zip = harbor ? '97201' : (q.get('zip') ?? '');
        const days = orderDeliveryDays(routesFor(zip, wednesdays).data.routes);
        const destination = harbor
          ? {
              'License #': 'C10-0000202-LIC',
              Licensee: 'Harbor Goods',
              DBA: 'Harbor',
              'Street Address': '5 Dock St',
              City: 'Portland',
              Zip: zip,
            }
          : null;
        return [200, { data: { destination, zip, days } }];
      },
      'POST /api/orders/create': () => [201, { data: { order: order() } }],
      // a driver's orders are approved ones (the fake's default is Received)
      'GET /api/orders/o-1': () => [
        200,
        {
          data: {
            order: order({ notes, ...(role === Role.Driver ? { status: 1 as const } : {}) }, { version }),
          },
        },
      ],
      'POST /api/orders/update': (b) => {
        if (conflict) return [409, { message: M.versionConflict('Ada Admin') }];
        const body = b as { order: { version: number; data: { order?: { notes?: string } } } };
        version = body.order.version + 1;
        notes = body.order.data.order?.notes ?? notes;
        return [200, { data: { order: order({ notes }, { version }) } }];
      },
      'POST /api/orders/checkin': () => [
        200,
        { message: M.checkedIn, data: { order: order({ notes }, { version }) } },
      ],
      'GET /api/orders/o-1/history': () => [200, { data: { orderId: 'G-100001', entries: history } }],
      'GET /api/orders/o-1/history/verify': () => [200, { ok: true, entries: 2, anchored: 1 }],
      'GET /api/drivers': () => [200, { data: { drivers: [] } }],
      'GET /api/routes': () => [200, { data: { routes: [] } }],
    },
  );
});
after(() => ui?.close());

test('a vendor: errors first (the spec words), the route days, then a valid order is created', async () => {
  role = Role.AccountAdmin;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder', user: vendor });
  await page.getByTestId('order-form').waitFor();
  assert.equal(
    await page.getByTestId('order-pickupLN').inputValue(),
    'C11-0000101-LIC',
    'own licence preselected',
  );
  await page.getByTestId('order-submit').click();
  const banner = page.getByTestId('order-banner');
  await banner.getByText(M.fixErrors).waitFor();
  for (const text of [
    M.destinationRequired,
    M.required('Order Type'),
    M.required('Preferred Delivery Date'),
    M.required('Billing Invoice #'),
  ])
    await page.getByText(text, { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-form-errors.png'), fullPage: true });

  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill('Harbor');
  await page.getByTestId('order-destinationLN-option').first().click();
  // the licence record fills the address and zip (a vendor does not type them), and the zip its days
  await page.getByTestId('order-allowed-days').getByText('Delivery days for 97201: Wednesday').waitFor();
  assert.equal(await page.getByTestId('order-destAddress').inputValue(), '5 Dock St');
  assert.equal(await page.getByTestId('order-destZip').inputValue(), '97201');
  await page.getByTestId('order-preferredDelivery').fill(thursday);
  await page.getByText(M.dayNotAllowed, { exact: true }).waitFor();
  await banner.getByText(M.dayNotAllowedBanner('Wednesday')).waitFor();
  await page.getByTestId('order-preferredDelivery').fill(wednesdays[0]!);
  await page.getByTestId('order-invoice').fill('INV-1');
  await page.getByTestId('order-submit').click();
  await page.getByText(M.created).waitFor();
  const create = ui.calls.find((c) => c.call === 'POST /api/orders/create')!.body as {
    order: { data: { order: Record<string, unknown>; billing: Record<string, unknown> } };
  };
  assert.equal(create.order.data.order.destinationLN, 'C10-0000202-LIC');
  // The vendor sends only what they chose: the pickup type (§4 type rule) and the status are the service's.
  assert.equal(create.order.data.order.pickupType, undefined);
  assert.equal(create.order.data.order.status, undefined);
  assert.equal(create.order.data.order.billingNotes, undefined, 'empty fields stay out of a new order');
  assert.equal(create.order.data.order.preferredDelivery, `${wednesdays[0]}T12:00:00.000Z`);
  assert.equal(create.order.data.billing.invoice, 'INV-1');
  assert.equal(
    await page.evaluate(() => location.pathname),
    '/dashboard/orders',
    'after save: the orders list',
  );
  await page.close();
});

test('700 px: the form is one column and every field is reachable', async () => {
  role = Role.AccountAdmin;
  const page = await ui.open({ path: '/dashboard/createOrder', user: vendor, width: 700 });
  await page.getByTestId('order-form').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 700, `no sideways scroll at 700 px (was ${width})`);
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-form-700.png'), fullPage: true });
  await page.close();
});

test('an existing order: notes save on blur with the version; a 409 shows the conflict and Reload; history verifies', async () => {
  role = Role.Admin;
  conflict = false;
  version = 3;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: admin });
  await page.getByTestId('order-form').waitFor();
  await page.getByTestId('history-entry').first().waitFor();
  await page.getByTestId('order-notes').fill('ring three times');
  await page.getByTestId('order-weight').focus(); // blur of the notes
  await page.waitForTimeout(1200);
  const update = ui.calls.filter((c) => c.call === 'POST /api/orders/update');
  assert.equal(update.length, 1, 'one save after the debounce');
  assert.deepEqual(update[0]!.body, {
    order: { id: 'o-1', version: 3, data: { order: { notes: 'ring three times' } }, source: 'form' },
  });

  conflict = true;
  await page.getByTestId('order-notes').fill('ring four times');
  await page.getByTestId('order-weight').focus();
  await page.getByTestId('order-conflict').getByText(M.versionConflict('Ada Admin')).waitFor();
  conflict = false;
  await page.getByTestId('order-reload').click();
  await page.getByTestId('order-conflict').waitFor({ state: 'detached' });
  assert.equal(
    await page.getByTestId('order-notes').inputValue(),
    'ring three times',
    'reloaded from the server',
  );

  await page.getByTestId('history-verify').click();
  await page
    .getByTestId('history-verdict')
    .getByText(
      'History verified: all 2 entries are intact. Entries 1-1 anchored by a signed checkpoint; 1 not yet.',
    )
    .waitFor();
  assert.equal(await page.getByTestId('history-entry').count(), 2);
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-form-edit.png'), fullPage: true });

  // Check In (staff) stamps the order with who and when (orders §4), and says so.
  ui.calls.length = 0;
  await page.getByTestId('order-checkin').click();
  await page.getByText(M.checkedIn).waitFor();
  // Through the custody call (the server stamps who and when), not the generic update
  const body = ui.calls.find((c) => c.call === 'POST /api/orders/checkin')!.body as {
    id: string;
    undo: boolean;
  };
  assert.deepEqual([body.id, body.undo], ['o-1', false]);
  await page.close();
});

test('a driver: the reduced form, no Received, In Transit carries their signature after the confirmation', async () => {
  role = Role.Driver;
  conflict = false;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: driver });
  await page.getByTestId('order-form').waitFor();
  for (const id of ['order-orderDef', 'order-orderType', 'order-notes', 'order-preferredDelivery'])
    assert.equal(await page.getByTestId(id).isDisabled(), true, `${id} is read-only for drivers`);
  const options = await page.getByTestId('order-status').locator('option').allTextContents();
  assert.equal(options.includes('Order Received'), false);
  assert.equal(await page.getByTestId('order-cancel').count(), 0, 'drivers cannot cancel');
  assert.equal(await page.getByTestId('order-print-labels').count(), 0, 'nor print labels');
  await page.getByTestId('order-status').selectOption('2');
  await page.getByTestId('order-signatures').getByText('Vera Vendor').waitFor();
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm').getByText(M.confirmDriverUpdate).waitFor();
  await page.getByTestId('order-confirm-yes').click();
  await page.getByText(M.updated).waitFor();
  const body = ui.calls.find((c) => c.call === 'POST /api/orders/update')!.body as {
    order: {
      data: { order: { status?: number; signature?: { driver?: { name?: string; image?: string } } } };
    };
  };
  assert.equal(body.order.data.order.status, 2);
  assert.equal(body.order.data.order.signature?.driver?.name, 'Vera Vendor');
  assert.ok(body.order.data.order.signature?.driver?.image);
  await page.close();
});

test("the schedule's create links: a driver's Cash Pickup (any pickup licence), an admin's order from a route and day", async () => {
  role = Role.Driver;
  const page = await ui.open({ path: '/dashboard/editOrder?orderType=cash_pickup', user: driver });
  await page.getByTestId('order-form').waitFor();
  assert.equal(await page.getByTestId('order-orderType').inputValue(), 'cash_pickup');
  // a driver picks up cash at any licence: a free licence field, not "your company's licences"
  assert.equal(await page.getByTestId('order-pickupLN').evaluate((e) => e.tagName), 'INPUT');
  await page.close();

  role = Role.Admin;
  const day = wednesdays[0]!;
  const staff = await ui.open({
    path: `/dashboard/adminEditOrder?route=r-7&date=${day}&orderType=cash_return`,
    user: admin,
  });
  await staff.getByTestId('order-form').waitFor();
  assert.equal(await staff.getByTestId('order-orderType').inputValue(), 'cash_return');
  assert.equal(await staff.getByTestId('order-preferredDelivery').inputValue(), day);
  assert.equal(await staff.getByTestId('order-pickupType').inputValue(), 'layoverpickup');
  await staff.close();
});
