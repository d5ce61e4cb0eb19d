// The Create Order destination (orders §2, §5): choosing the destination licence fills its address and zip from the
// licence record and shows the days a route delivers there; a day it does not serve is refused with a banner that
// names them; a listed day (an overnight route's own day, as the public schedule lists it) is taken. At 1366x900
// and 390x844, screenshots in e2e/artifacts (order-destination-*.png).
import { randomInt } from 'node:crypto';
import { OrderMessages as M, Role } from '@portal/contracts';
import { test, expect, APP, type ApiClient, type Page } from '@portal/e2e/fixtures';

const DAYS = 'Monday, Wednesday, Friday';
let routeId = '';

/** The next date (YYYY-MM-DD) on the given UTC weekday (0 Sunday … 6 Saturday), at least 2 days away. */
function next(weekday: number): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A zip no route serves yet, then an overnight Mon/Wed/Fri route of the test's own serving it. */
async function ownRoute(admin: ApiClient): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const zip = `99${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const found = await admin.call('/api/routes/find', { zip });
    if (found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) continue;
    const r = await admin.call('/api/routes/create', {
      route: {
        name: `E2E destination ${zip}`,
        data: {
          startTime: '07:00',
          rows: [{ city: 'Oakland', zipCode: zip, dayOfTheWeek: 'mon,wed,fri', overnight: true, price: 0 }],
        },
      },
    });
    expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
    routeId = r.json.data.route.id;
    return zip;
  }
  throw new Error('no free zip');
}

test.afterEach(async ({ api }) => {
  if (routeId) await (await api(Role.Admin)).call('/api/routes/delete', { route: { id: routeId } });
  routeId = '';
});

async function chooseDestination(page: Page, licence: string, zip: string) {
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill(licence);
  await page.getByTestId('order-destinationLN-option').filter({ hasText: licence }).first().click();
  await expect(page.getByTestId('order-destAddress')).toHaveValue('7 Harbor Way');
  await expect(page.getByTestId('order-destCity')).toHaveValue('Oakland');
  await expect(page.getByTestId('order-destZip')).toHaveValue(zip);
  await expect(page.getByTestId('order-allowed-days')).toHaveText(`Delivery days for ${zip}: ${DAYS}`);
}

test('the destination licence fills address and zip, shows the serving days; a wrong day names them; Friday is taken', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const admin = await api(Role.Admin);
  const zip = await ownRoute(admin);
  const vendorLic = await testData.licence('destvendor');
  const receiverLic = await testData.licence('destreceiver');
  const receiverId = testData.licences.at(-1)!;
  const up = await admin.call('/api/license/update', {
    record: {
      id: receiverId,
      'License #': receiverLic,
      Licensee: 'E2E destreceiver Holdings LLC',
      DBA: 'E2E destreceiver',
      'Street Address': '7 Harbor Way',
      City: 'Oakland',
      Zip: zip,
    },
  });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const vendorEmail = await testData.signedUpUser(`e2e-destvendor-${Date.now()}@test.portal`, vendorLic);
  const vendorApi = await api(vendorEmail);
  // the licence change reaches orders' copy of the licence list
  await expect
    .poll(
      async () => (await vendorApi.call(`/api/orders/destination?licence=${receiverLic}`)).json.data?.zip,
      {
        timeout: 15_000,
      },
    )
    .toBe(zip);

  const page = await signedInAs(vendorEmail);
  await page.setViewportSize({ width: 1366, height: 900 });
  await chooseDestination(page, receiverLic, zip);
  await shot(page, 'order-destination-1366');

  await page.getByTestId('order-preferredDelivery').fill(next(2)); // a Tuesday: the goods of Monday's run arrive
  await page.getByTestId('order-invoice').fill('E2E-DEST-1');
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-banner')).toContainText(M.dayNotAllowedBanner(DAYS));
  await expect(page.getByText(M.dayNotAllowed, { exact: true })).toBeVisible();
  await shot(page, 'order-destination-wrong-day-1366');

  await page.getByTestId('order-preferredDelivery').fill(next(5)); // a Friday, as the public schedule lists
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/create'));
  await page.getByTestId('order-submit').click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(200);
  const order = (await answer.json()).data.order;
  expect(order.data.destCompany).toMatchObject({ 'Street Address': '7 Harbor Way', Zip: zip });

  // on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseDestination(page, receiverLic, zip);
  await shot(page, 'order-destination-390');
  await page.getByTestId('order-preferredDelivery').fill(next(4)); // a Thursday
  await page.getByTestId('order-invoice').fill('E2E-DEST-2');
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-banner')).toContainText(M.dayNotAllowedBanner(DAYS));
  await shot(page, 'order-destination-wrong-day-390');
});
