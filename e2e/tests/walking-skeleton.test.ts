// The two walking-skeleton flows, through every layer: browser → nginx → service → (NATS) → BullMQ → SMTP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { FEEDBACK_SUBJECT, Messages } from '@portal/contracts';
import {
  launch,
  newPage,
  signIn,
  shot,
  waitForMail,
  mailsTo,
  apiLogin,
  api,
  DEMO,
  JAEGER,
} from './harness.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

test('feedback: a signed-in user sends feedback and it lands in the mailbox', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[3]);
    await page.getByTestId('feedback-button').click();
    // Empty message: the spec's message, nothing sent.
    await page.getByTestId('feedback-message').fill('');
    await page.getByTestId('feedback-send').click();
    await page.getByText(Messages.feedbackRequired).waitFor();
    assert.equal(await page.getByTestId('feedback-from').inputValue(), DEMO[3]);
    const since = Date.now();
    const body = `The driver was early today ${since}`;
    await page.getByTestId('feedback-message').fill(body);
    await shot(page, 'feedback-dialog');
    await page.getByTestId('feedback-send').click();
    await page.getByText(Messages.feedbackSent).waitFor();
    const mail = await waitForMail((m) => m.subject === FEEDBACK_SUBJECT, since);
    assert.match(mail.text + mail.html, new RegExp(String(since)));
    assert.match(mail.text + mail.html, /accountadmin@demo\.portal/);
  } finally {
    await context.close();
  }
});

test('verification: an admin sets a user verified; "Account Verified" lands once; one trace spans HTTP→NATS→SMTP', async () => {
  const admin = await apiLogin(DEMO[1]);
  // Arrange: the demo standard user starts unverified.
  const reset = await api(admin, '/api/users/update', { user: { email: DEMO[4], verified: false } });
  assert.equal(reset.status, 200, JSON.stringify(reset.json));
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[1]);
    await page.goto(`${page.url().split('/dashboard')[0]}/dashboard/accounts`);
    const table = page.getByTestId('accounts-table');
    await table.waitFor();
    await page.getByTestId('accounts-search').fill(DEMO[4]);
    // ag-grid splits a row across pinned containers: find its row-id from the email cell, then act on the row.
    const emailCell = table.locator('.ag-row [col-id=email]', { hasText: DEMO[4] }).first();
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
    const mail = await waitForMail(
      (m) => m.subject === 'Account Verified' && m.to.some((t) => t.includes(DEMO[4])),
      since,
    );
    assert.match(mail.text, /verified/i);
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal((await mailsTo(DEMO[4], 'Account Verified', since)).length, 1, 'exactly one mail');
    // The stored user is verified.
    const users = await api(admin, '/api/users');
    const u = users.json.data.users.find((x: { email: string }) => x.email === DEMO[4]);
    assert.equal(u.verified, true);
    await assertOneTraceAcrossServices(since);
  } finally {
    await context.close();
  }
});

async function assertOneTraceAcrossServices(since: number): Promise<void> {
  const up = await fetch(`${JAEGER}/api/services`).then(
    (r) => r.ok,
    () => false,
  );
  assert.ok(up, 'Jaeger must be running for the trace check');
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
        assert.ok(
          names.some((n) => /POST/.test(n)),
          `HTTP span in ${names.join(', ')}`,
        );
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  assert.fail('no single trace containing accounts HTTP, NATS and the notifications SMTP send');
}
