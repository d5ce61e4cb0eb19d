// The two walking-skeleton flows, through every layer: browser → nginx → service → (NATS) → BullMQ → SMTP.
import { FEEDBACK_SUBJECT, Messages } from '@portal/contracts';
import { test, expect, uniqueEmail, DEMO, JAEGER } from '../fixtures/index.ts';

test('feedback: a signed-in user sends feedback and it lands in the mailbox', async ({
  signedInAs,
  mailbox,
  shot,
}) => {
  const page = await signedInAs(DEMO[3]);
  await page.getByTestId('feedback-button').click();
  // Empty message: the spec's message, nothing sent.
  await page.getByTestId('feedback-message').fill('');
  await page.getByTestId('feedback-send').click();
  await page.getByText(Messages.feedbackRequired).waitFor();
  expect(await page.getByTestId('feedback-from').inputValue()).toBe(DEMO[3]);
  const since = Date.now();
  const body = `The driver was early today ${since}`;
  await page.getByTestId('feedback-message').fill(body);
  await shot(page, 'feedback-dialog');
  await page.getByTestId('feedback-send').click();
  await page.getByText(Messages.feedbackSent).waitFor();
  const mail = await mailbox.waitFor({ match: (m) => m.subject === FEEDBACK_SUBJECT, since });
  expect(mail.text + mail.html).toMatch(new RegExp(String(since)));
  expect(mail.text + mail.html).toMatch(/accountadmin@demo\.portal/);
});

test('verification: an admin sets a user verified; "Account Verified" lands once; one trace spans HTTP→NATS→SMTP', async ({
  signedInAs,
  api,
  mailbox,
  testData,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  // Arrange: a standard user of its own company, unverified as after sign-up (the demo user stays as seeded).
  const email = await testData.signedUpUser(uniqueEmail('verify'), await testData.licence('verify'), {
    verified: false,
  });
  expect((await admin.call(`/api/users/${encodeURIComponent(email)}`)).json.user.verified).toBe(false);
  const page = await signedInAs(DEMO[1]);
  // as an admin does: the Admin menu's Accounts (no reload, so no new token grant in the middle of the step)
  await page.getByTestId('nav-admin').getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts$/);
  const table = page.getByTestId('accounts-table');
  await table.waitFor();
  await page.getByTestId('accounts-search').fill(email);
  // ag-grid splits a row across pinned containers: find its row-id from the email cell, then act on the row.
  const emailCell = table.locator('.ag-row [col-id=email]', { hasText: email }).first();
  await emailCell.waitFor();
  const rowId = await emailCell
    .locator('xpath=ancestor::div[contains(@class,"ag-row")][1]')
    .getAttribute('row-id');
  const rowSel = `.ag-row[row-id="${rowId}"]`;
  const actions = page.locator(rowSel).filter({ has: page.locator('[col-id=__actions]') });
  const since = Date.now();
  await actions.getByRole('button', { name: 'Edit' }).click();
  await page.locator(`${rowSel} [col-id=verified]`).click();
  await page
    .locator('.ag-select-list-item')
    .filter({ hasText: /^\s*(true|Verified)\s*$/ })
    .click();
  await actions.getByRole('button', { name: 'Save' }).click();
  await page.getByText(Messages.profileUpdated).first().waitFor();
  await shot(page, 'accounts-verified');
  const mail = await mailbox.waitForMailTo(email, 'Account Verified', { since });
  expect(mail.text).toMatch(/verified/i);
  await new Promise((r) => setTimeout(r, 3000));
  expect(
    (await mailbox.summaries({ to: email, subject: 'Account Verified', since })).length,
    'exactly one mail',
  ).toBe(1);
  // The stored user is verified.
  const users = await admin.call('/api/users');
  const u = users.json.data.users.find((x: { email: string }) => x.email === email);
  expect(u.verified).toBe(true);
  await expectOneTraceAcrossServices(since);
});

async function expectOneTraceAcrossServices(since: number): Promise<void> {
  const up = await fetch(`${JAEGER}/api/services`).then(
    (r) => r.ok,
    () => false,
  );
  expect(up, 'Jaeger must be running for the trace check').toBe(true);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const r = await fetch(
      `${JAEGER}/api/traces?service=notifications&start=${since * 1000}&limit=50&lookback=1h`,
    );
    const { data } = (await r.json()) as {
      data: Array<{ spans: any[]; processes: Record<string, { serviceName: string }> }>;
    };
    for (const trace of data ?? []) {
      const services = new Set(Object.values(trace.processes).map((p) => p.serviceName));
      const names = trace.spans.map((s) => String(s.operationName));
      if (
        services.has('accounts') &&
        services.has('notifications') &&
        names.some((n) => /smtp|send/i.test(n))
      ) {
        expect(
          names.some((n) => /POST/.test(n)),
          `HTTP span in ${names.join(', ')}`,
        ).toBe(true);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no single trace containing accounts HTTP, NATS and the notifications SMTP send');
}
