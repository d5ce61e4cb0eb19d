// Reports (/dashboard/reports): an admin runs "Orders by status" over a day holding the test's own orders
// (fresh licences, orders placed through the orders API, waited for in billing's projection), sees the run's progress
// bar until it is done, downloads the CSV and the xlsx (their rows list the orders) and the mail arrives at the test's
// address naming both files; a bad range shows the server's words and queues nothing. Screenshots in
// /tmp/shots-reports (desktop and 700 px).
import { mkdirSync, readFileSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { BillingMessages } from '@portal/contracts/billing';
import { test, expect, APP, dayFrom, placeOrder, type Page } from '@portal/e2e/fixtures';
import { parseCsv, waitForProjected, xlsxRows } from '../../e2e/fixtures/reports.ts';

const SHOTS = '/tmp/shots-reports';
mkdirSync(SHOTS, { recursive: true });

async function download(page: Page, testId: string, row: ReturnType<Page['getByTestId']>) {
  const saving = page.waitForEvent('download');
  await row.getByTestId(testId).click();
  const file = await saving;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('an admin runs a report over its own orders: progress to done, CSV and xlsx, the mail with the files', async ({
  api,
  testData,
  signedInAs,
  mailbox,
}) => {
  const tag = Date.now().toString(36);
  const to = `e2e-reports-${tag}@test.portal`;
  const probe = `e2e-reports-probe-${tag}@test.portal`;
  const vendorLic = await testData.licence('rpvendor');
  const receiverLic = await testData.licence('rpreceiver');
  const admin = await api(Role.Admin);
  const day = dayFrom(3);
  try {
    const orders = [];
    for (let i = 1; i <= 3; i++)
      orders.push(
        await placeOrder(admin, {
          from: vendorLic,
          to: receiverLic,
          weight: '1',
          invoice: `E2E-RP-${tag}-${i}`,
          source: 'api',
          data: {
            pickupCompany: { 'Street Address': '2 Test Way', City: 'Testville', Zip: '90001' },
            destCompany: { 'Street Address': '1 Test Way', City: 'Testville', Zip: '90001' },
          },
        }),
      );
    const ids = orders.map((o) => o.orderId);
    await waitForProjected(admin, day, ids, probe);

    const page = await signedInAs(Role.Admin);
    await page.goto(`${APP}/dashboard/reports`);
    await page.getByTestId('reports-kind').selectOption('status');
    await page.getByTestId('reports-from').fill(day);
    await page.getByTestId('reports-to').fill(day);
    await page.getByTestId('reports-form').getByRole('button', { name: 'Remove admin@demo.portal' }).click();
    await page.getByTestId('reports-emails-input').fill(to);
    await page.getByTestId('reports-emails-input').press('Enter');
    const since = Date.now();
    await page.getByTestId('reports-run').click();
    await expect(
      page
        .getByTestId('toast')
        .filter({ hasText: 'Your report has started. You will receive an email when it is completed.' }),
    ).toBeVisible();
    const row = page.getByTestId('report-row').first();
    await expect(row).toContainText(to);
    await expect(row.getByTestId('report-progress')).toBeVisible();
    await expect(row.getByTestId('report-state')).toHaveText('Done', { timeout: 60_000 });
    await expect(row.getByTestId('report-progress')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/reports-desktop.png`, fullPage: true });

    const csv = await download(page, 'report-download-csv', row);
    const rows = parseCsv(csv.bytes.toString('utf8'));
    expect(rows[0]).toEqual(['Delivery day', 'Order', 'Vendor', 'Destination', 'Status', 'Route', 'Driver']);
    for (const id of ids) {
      const r = rows.find((x) => x[1] === id);
      expect(r, `${id} in the CSV`).toBeTruthy();
      expect(r![0]).toBe(day);
      expect(r![4]).not.toBe('');
    }
    const xlsx = await download(page, 'report-download-xlsx', row);
    const sheet = await xlsxRows(xlsx.bytes);
    for (const id of ids)
      expect(
        sheet.some((x) => x.includes(id)),
        `${id} in the xlsx`,
      ).toBe(true);

    const title = (await row.locator('td.rp-title').innerText()).trim();
    const mail = await mailbox.waitForMailTo(to, title, { since });
    expect(mail.to).toEqual([to]);
    expect(mail.text).toContain(`Attached: ${csv.name}, ${xlsx.name}`);
    // the mail writes the count as people read it (5,329 rows)
    expect(mail.text).toMatch(new RegExp(`is ready: ${(rows.length - 1).toLocaleString('en-US')} rows?\\.`));
    // The mailed files themselves, as the sink received them (it keeps attachments, base64): parsed and checked.
    const attached = (mail as { attachments?: { filename: string; content: string }[] }).attachments ?? [];
    expect(attached.map((a) => a.filename)).toEqual([csv.name, xlsx.name]);
    const mailed = parseCsv(Buffer.from(attached[0]!.content, 'base64').toString('utf8'));
    for (const id of ids) expect(mailed.some((x) => x[1] === id)).toBe(true);
    const mailedSheet = await xlsxRows(Buffer.from(attached[1]!.content, 'base64'));
    for (const id of ids) expect(mailedSheet.some((x) => x.includes(id))).toBe(true);

    await page.setViewportSize({ width: 700, height: 900 });
    await page.screenshot({ path: `${SHOTS}/reports-700.png`, fullPage: true });
  } finally {
    await mailbox.clear(to);
    await mailbox.clear(probe);
  }
});

test("a bad range shows the server's words and queues nothing", async ({ api, signedInAs }) => {
  const admin = await api(Role.Admin);
  const count = async () => (await admin.call('/api/reports?limit=100')).json.data.reports.length as number;
  const before = await count();
  const server = await admin.call('/api/reports/run', {
    kind: 'status',
    from: '2026-10-31',
    to: '2026-10-01',
    emails: ['e2e-reports-bad@test.portal'],
  });
  expect(server.status).toBe(400);
  expect(server.json.message).toBe(BillingMessages.badRange);
  const long = await admin.call('/api/reports/run', { kind: 'status', from: '2024-01-01', to: '2025-06-30' });
  expect(long.json.message).toBe(BillingMessages.rangeTooLong);

  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/reports`);
  await page.getByTestId('reports-from').fill('2026-10-31');
  await page.getByTestId('reports-to').fill('2026-10-01');
  await page.getByTestId('reports-run').click();
  await expect(page.getByTestId('reports-form')).toContainText(server.json.message);
  await page.getByTestId('reports-from').fill('2024-01-01');
  await page.getByTestId('reports-to').fill('2025-06-30');
  await expect(page.getByTestId('reports-form')).toContainText(long.json.message);
  await page.screenshot({ path: `${SHOTS}/reports-bad-range.png`, fullPage: true });
  expect(await count()).toBe(before);
});

test('a scheduled report: added weekly to a test address, listed with its next run, deleted after a confirm', async ({
  signedInAs,
}) => {
  const to = `e2e-reports-sched-${Date.now().toString(36)}@test.portal`;
  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/reports`);
  const form = page.getByTestId('schedule-form');
  await page.getByTestId('schedule-kind').selectOption('rejections');
  await page.getByTestId('schedule-every').selectOption('weekly');
  await form.getByRole('button', { name: 'Remove admin@demo.portal' }).click();
  await page.getByTestId('schedule-emails-input').fill(to);
  await page.getByTestId('schedule-emails-input').press('Enter');
  await page.getByTestId('schedule-add').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your report is scheduled.' })).toBeVisible();
  const row = page.getByTestId('schedule-row').filter({ hasText: to });
  await expect(row).toContainText('Rejections by reason');
  await expect(row).toContainText('next');
  await page.screenshot({ path: `${SHOTS}/reports-schedule.png`, fullPage: true });
  await row.getByTestId('schedule-delete').click();
  await page.getByTestId('schedule-confirm-yes').click();
  await expect(row).toHaveCount(0);
});
