// Journey, 16:30: the office runs "Orders by status" over Friday on Reports, mailed to an address of the run's own.
// The run goes to Done, its CSV lists the journey's order Delivered with its driver and route, and the mail
// arrives with both files attached.
import { readFileSync } from 'node:fs';
import { OrderStatus, ORDER_STATUS_NAMES, Role } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen } from '../fixtures/journey-test.ts';
import { parseCsv } from '../fixtures/reports.ts';

test('a report runs over the day and mails: Done, the order Delivered in its CSV, the mail with the files', async ({
  mailbox,
  open,
  look,
  journey: s,
  handOver,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  const { orderId } = s.order!;
  const to = `e2e-jreport-${s.tag}@test.portal`;
  s.mailboxes.push(to);
  handOver(s);

  const page = await open(DEMO[Role.Admin]);
  await page.goto(`${APP}/dashboard/reports`);
  await page.getByTestId('reports-kind').selectOption('status');
  await page.getByTestId('reports-from').fill(s.deliveryDay);
  await page.getByTestId('reports-to').fill(s.deliveryDay);
  // the signed-in user's own address is there by default: the report goes to the run's address instead
  const chips = page.getByTestId('reports-form').getByRole('button', { name: /^Remove / });
  while (await chips.count()) await chips.first().click();
  await page.getByTestId('reports-emails-input').fill(to);
  await page.getByTestId('reports-emails-input').press('Enter');
  await look(page, '10-report-form');
  const since = Date.now();
  await page.getByTestId('reports-run').click();
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: 'Your report has started. You will receive an email when it is completed.' }),
  ).toBeVisible();
  const row = page.getByTestId('report-row').filter({ hasText: to }).first();
  // a queued job on a shared worker: the run itself gets longer than a screen's 5 s
  await expect(row.getByTestId('report-state')).toHaveText('Done', { timeout: 60_000 });
  await look(page, '10-report-done');

  await seen(
    'the report’s CSV (downloaded from the screen): the order Delivered, its route and driver',
    async () => {
      const saving = page.waitForEvent('download');
      await row.getByTestId('report-download-csv').click();
      const file = await saving;
      const rows = parseCsv(readFileSync((await file.path())!).toString('utf8'));
      const head = rows[0]!;
      const line = rows.find((r) => r[head.indexOf('Order')] === orderId);
      expect(line, `${orderId} in the report`).toBeTruthy();
      expect([
        line![head.indexOf('Status')],
        line![head.indexOf('Route')],
        line![head.indexOf('Driver')],
      ]).toEqual([ORDER_STATUS_NAMES[OrderStatus.delivered], s.route.name, s.driver.name]);
    },
  );
  await seen('the report’s mail within 5 s of Done, with both files', async () => {
    const title = (await row.locator('td.rp-title').innerText()).trim();
    const mail = await mailbox.waitForMailTo(to, title, { since, timeoutMs: 5_000 });
    const attached = (mail.attachments ?? []).map((a) => a.filename);
    expect(attached.length, `the files attached: ${attached.join(', ')}`).toBe(2);
    const mailed = parseCsv(Buffer.from(mail.attachments![0]!.content, 'base64').toString('utf8'));
    expect(mailed.some((r) => r.includes(orderId))).toBe(true);
  });
  s.marks.reported = Date.now();
  handOver(s);
});
