// The custody gate in the order form: staff record a paper-signed delivery (the receiver's printed name and a reason,
// checked in the dialog, sent as `paper` and an override to /orders/delivered); a driver's form has no such action;
// an advisory gate's warning on a save is shown as a toast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OrderMessages as M, OrderStatus, Role, ScanMessages as SM } from '@portal/contracts';
import { mountComponent, type Mounted } from '@portal/ui/testing';
import { admin, driver, history, licences, me, order } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARNING = SM.gateAdvisory([SM.missingReceiverSignature]);
let ui: Mounted;
let role: number = Role.Admin;
let status: number = OrderStatus.inTransit;

before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/forms.tsx'), exportName: 'CreateOrder' },
    {
      'GET /api/users/me': () => [200, me(role)],
      'GET /api/license/licensenumbers': () => [200, licences],
      'GET /api/orders/o-1': () => [
        200,
        { data: { order: order({ status: status as never }, { version: 3 }) } },
      ],
      'POST /api/orders/delivered': () => {
        status = OrderStatus.delivered;
        const o = order({ status: OrderStatus.delivered, signature: { customer: { name: 'Rita R' } } });
        return [200, { message: SM.paperRecorded, data: { order: { ...o, version: 5 } } }];
      },
      'POST /api/orders/update': () => [
        200,
        { message: M.updated, warning: WARNING, data: { order: order({ status: 3 }, { version: 4 }) } },
      ],
      'GET /api/orders/o-1/history': () => [200, { data: { orderId: 'G-100001', entries: history } }],
      'GET /api/drivers': () => [200, { data: { drivers: [] } }],
      'GET /api/routes': () => [200, { data: { routes: [] } }],
    },
  );
});
after(() => ui?.close());

test('staff: Record delivery (paper-signed) checks the name and the reason, then sends paper and an override', async () => {
  role = Role.Admin;
  status = OrderStatus.inTransit;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: admin });
  await page.getByTestId('order-paper-delivery').click();
  const dialog = page.getByTestId('paper-dialog');
  await dialog.getByTestId('paper-confirm').click();
  await dialog.getByText(SM.paperName).waitFor();
  await dialog.getByText(SM.paperNeedsReason).waitFor();
  await dialog.getByTestId('paper-name').fill('  Rita R ');
  await dialog.getByTestId('paper-reason').fill('Signed the paper slip');
  assert.equal(ui.calls.filter((c) => c.call === 'POST /api/orders/delivered').length, 0, 'nothing sent yet');
  await dialog.getByTestId('paper-confirm').click();
  await page.getByText(SM.paperRecorded).waitFor();
  const sent = ui.calls.find((c) => c.call === 'POST /api/orders/delivered')!.body as Record<string, unknown>;
  assert.equal(sent.id, 'o-1');
  assert.deepEqual(sent.paper, { name: 'Rita R' });
  assert.deepEqual(sent.override, { reason: 'Signed the paper slip' });
  assert.match(String(sent.scanId), /^scan-/);
  assert.equal(await page.getByTestId('paper-dialog').count(), 0, 'the dialog closes');
  assert.equal(
    await page.getByTestId('order-paper-delivery').count(),
    0,
    'a delivered order has no such action',
  );
  await page.close();
});

test('a driver has no paper-signed action; an advisory warning on a save is a toast', async () => {
  role = Role.Driver;
  status = OrderStatus.inTransit;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: driver });
  await page.getByTestId('order-form').waitFor();
  assert.equal(await page.getByTestId('order-paper-delivery').count(), 0);
  await page.getByTestId('order-status').selectOption(String(OrderStatus.delivered));
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-yes').click();
  await page.getByText(WARNING).waitFor();
  await page.close();
});
