// The order form's failure texts as orders §8 words them, where the user sees them: "Order creation failed!" when the
// server gives no message (not a status line) and "Order creation failed: {message}!" when it does; a manifest
// upload refused without the server's text says "Licenses do not match".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OrderMessages as M, Role, orderDeliveryDays } from '@portal/contracts';
import { mountComponent, screenshotDir, type Answer, type Mounted } from '@portal/ui/testing';
import { admin, licences, me, nextWeekdays, order, routesFor, vendor } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wednesdays = nextWeekdays(3, 4);
let ui: Mounted;
let role: number = Role.AccountAdmin;
let createAnswer: Answer = [502, {}];

before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/forms.tsx'), exportName: 'CreateOrder' },
    {
      'GET /api/users/me': () => [200, me(role)],
      'GET /api/license/licensenumbers': () => [200, licences],
      'GET /api/orders/destination': () => {
        const zip = '97201';
        const days = orderDeliveryDays(routesFor(zip, wednesdays).data.routes);
        const destination = {
          'License #': 'C10-0000202-LIC',
          Licensee: 'Harbor Goods',
          DBA: 'Harbor',
          'Street Address': '5 Dock St',
          City: 'Portland',
          Zip: zip,
        };
        return [200, { data: { destination, zip, days } }];
      },
      'POST /api/orders/create': () => createAnswer,
      'GET /api/orders/o-1': () => [200, { data: { order: order() } }],
      'POST /api/orders/manifestupload': () => [409, {}],
      'GET /api/orders/o-1/history': () => [200, { data: { orderId: 'G-100001', entries: [] } }],
      'GET /api/drivers': () => [200, { data: { drivers: [] } }],
      'GET /api/routes': () => [200, { data: { routes: [] } }],
    },
  );
});
after(() => ui?.close());

const toast = (page: import('playwright-core').Page, text: string) =>
  page.getByTestId('toast').getByText(text, { exact: true }).waitFor();

test('create fails: "Order creation failed!" without a server message, "Order creation failed: …!" with one', async () => {
  role = Role.AccountAdmin;
  const page = await ui.open({ path: '/dashboard/createOrder', user: vendor });
  await page.getByTestId('order-form').waitFor();
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill('Harbor');
  await page.getByTestId('order-destinationLN-option').first().click();
  await page.getByTestId('order-allowed-days').getByText('Delivery days for 97201: Wednesday').waitFor();
  await page.getByTestId('order-preferredDelivery').fill(wednesdays[0]!);
  await page.getByTestId('order-invoice').fill('INV-1');

  createAnswer = [502, {}]; // e.g. the edge's bare 502: no text of the service's
  await page.getByTestId('order-submit').click();
  await toast(page, M.createFailed);
  assert.equal(M.createFailed, 'Order creation failed!');
  assert.equal(await page.getByText('502', { exact: false }).count(), 0, 'no status line shown');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-create-failed.png'), fullPage: true });

  createAnswer = [400, { message: 'The destination licence is inactive' }];
  await page.getByTestId('order-submit').click();
  await toast(page, 'Order creation failed: The destination licence is inactive!');
  await page.close();
});

test('manifest upload refused without the server\'s text: "Failed to upload manifest: Licenses do not match"', async () => {
  role = Role.Admin;
  const page = await ui.open({ path: '/dashboard/createOrder?id=o-1', user: admin });
  await page.getByTestId('manifest-panel').waitFor();
  await page.getByTestId('manifest-input').setInputFiles({
    name: 'manifest.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await toast(page, M.manifestUploadFailed(M.manifestLicencesMismatch));
  assert.equal(
    M.manifestUploadFailed(M.manifestLicencesMismatch),
    'Failed to upload manifest: Licenses do not match',
  );
  assert.equal(
    await page.getByTestId('manifest-confirm').count(),
    0,
    'no overwrite confirm without the trigger text',
  );
  await page.close();
});
