// What a user must see (bulk upload): a 200-row xlsx with 3 bad rows, dropped on Create Order by a vendor of the
// fixtures' own company. Nothing is saved and every bad row is listed by its row number; "Save the 197 good rows"
// then saves exactly those; uploading the same file again saves nothing twice.
import * as XLSX from '@e965/xlsx';
import { OrderMessages as M, Role } from '@portal/contracts';
import { test, expect, APP } from '@portal/e2e/fixtures';
import { dayFrom, testRoute } from './helpers.ts';

const day = dayFrom;
const HEAD = [
  'Order Definition',
  'Destination License',
  'Notes',
  'Order Type',
  'Originating License',
  'Prefered Delivery Date',
  'Prefered Pickup Date',
  'Box Count',
  'Billing Amount',
  'Billing Invoice #',
  'Billing Method',
  'Manifest',
];

/** 200 order rows; rows 10, 50 and 120 (sheet rows 11, 51, 121) are bad. */
function workbook(vendorLic: string, receiverLic: string): Buffer {
  const rows: unknown[][] = [HEAD];
  for (let i = 1; i <= 200; i++) {
    const dest = i === 10 ? `NOPE-${Date.now()}` : receiverLic;
    const delivery = i === 50 ? '' : i === 120 ? day(-3) : day(4);
    rows.push([
      'ext',
      dest,
      `bulk row ${i}`,
      'layover',
      vendorLic,
      delivery,
      '',
      1,
      10,
      `BULK-${i}`,
      'net',
      '',
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Orders');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test('bulk upload: 200 rows with 3 bad ones — nothing saved, the 3 rows listed; then the 197 good rows saved once', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const vendorLic = await testData.licence('bulkvendor');
  const receiverLic = await testData.licence('bulkreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-bulkvendor-${Date.now()}@test.portal`, vendorLic);
  await testRoute(await api(Role.Admin));
  const file = {
    name: 'orders-200.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook(vendorLic, receiverLic),
  };

  const page = await signedInAs(vendorEmail);
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('bulk-upload').waitFor();
  await page.getByTestId('bulk-file').setInputFiles(file);
  const rejected = page.getByTestId('bulk-rejected');
  await expect(rejected).toContainText('Nothing was saved: 3 of 200 row(s) have errors.', {
    timeout: 30_000,
  });
  const errors = rejected.getByTestId('bulk-errors').locator('li');
  await expect(errors).toHaveCount(3);
  await expect(errors.filter({ hasText: M.bulkDestinationNotFound })).toHaveCount(1);
  await shot(page, 'orders-bulk-rejected');

  const client = await api(vendorEmail);
  // every row of the vendor's outgoing list, page after page (a list longer than a page answers no total)
  const count = async () => {
    let n = 0;
    let cursor: string | null = null;
    do {
      const page = (
        await client.call(`/api/orders?list=outgoing&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).json.data as { orders: unknown[]; nextCursor: string | null };
      n += page.orders.length;
      cursor = page.nextCursor;
    } while (cursor);
    return n;
  };
  expect(await count()).toBe(0);

  await rejected.getByTestId('bulk-save-good').click();
  await expect(page.getByTestId('bulk-done')).toContainText('197 of 200 row(s) saved.', { timeout: 60_000 });
  await expect(page.getByTestId('bulk-done').getByTestId('bulk-errors').locator('li')).toHaveCount(3);
  await shot(page, 'orders-bulk-saved');
  expect(await count()).toBe(197);

  // The same file again: the service's idempotency key per file + row saves nothing twice.
  await page.getByTestId('bulk-file').setInputFiles(file);
  await expect(page.getByTestId('bulk-rejected')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('bulk-save-good').click();
  await expect(page.getByTestId('bulk-done')).toContainText('0 of 200 row(s) saved.', { timeout: 60_000 });
  expect(await count()).toBe(197);
});
