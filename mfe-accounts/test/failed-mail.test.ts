// Undelivered Mail: staff see parked mail, resend one (toast, list refreshed), an expired code's 409 is
// shown, an empty list and a failing service each have their own state, and the cards fit 700 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import type { FailedMail } from '../src/api.js';
// The real API's OpenAPI (accounts, notifications) checks every fake answer (@portal/ui/testing/portal's contract).
import { contract, problem } from '@portal/ui/testing/portal';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const admin = { email: 'admin@demo.portal', role: Role.Admin };

const parked: FailedMail[] = [
  {
    id: '17',
    kind: 'reset-code',
    to: 'a.very.long.address.that.wraps@some-licensed-company.example',
    reason: '550 5.1.1 mailbox unavailable',
    attempts: 1,
    queuedAt: '2026-11-22T09:00:00.000Z',
    failedAt: '2026-11-22T09:00:02.000Z',
  },
  {
    id: '18',
    kind: 'invite',
    to: 'new@company.example',
    reason: 'connect ECONNREFUSED 127.0.0.1:2525',
    attempts: 24,
    queuedAt: '2026-11-21T09:00:00.000Z',
    failedAt: '2026-11-22T09:30:00.000Z',
  },
];

let ui: Mounted;
let jobs: FailedMail[] = [];
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/FailedMail.tsx'),
      exportName: 'FailedMail',
      check: (...a) => contract.check(...a),
    },
    {
      'GET /api/email/failed': () => [200, { jobs }],
      'POST /api/email/failed/17/resend': () => {
        jobs = jobs.filter((j) => j.id !== '17');
        return [202, { message: 'Email queued again' }];
      },
      'POST /api/email/failed/18/resend': () => [
        409,
        problem(409, 'The code in this mail has expired; the user must ask for a new one.'),
      ],
    },
  );
});
after(async () => {
  await ui?.close();
  assert.deepEqual(ui?.violations, [], 'every fake answer is one the real API can give');
});

test('lists parked mail; Resend queues it again with a toast and the list refreshes', async () => {
  jobs = [...parked];
  const page = await ui.open({ path: '/dashboard/failedmail', user: admin });
  const items = page.getByTestId('failedmail-item');
  await items.first().waitFor();
  assert.equal(await items.count(), 2);
  assert.match((await items.first().textContent()) ?? '', /Password reset code.*550 5\.1\.1/);
  await page.screenshot({ path: path.join(shots, 'failedmail-1280.png'), fullPage: true });

  await items.first().getByTestId('failedmail-resend').click();
  await page.getByTestId('toast').filter({ hasText: 'Email queued again' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="failedmail-item"]').length === 1);
  assert.ok(ui.calls.some((c) => c.call === 'POST /api/email/failed/17/resend'));

  await items.first().getByTestId('failedmail-resend').click();
  await page.getByTestId('toast').filter({ hasText: 'has expired' }).waitFor();
  await page.close();
});

test('an empty list says so', async () => {
  jobs = [];
  const page = await ui.open({ path: '/dashboard/failedmail', user: admin });
  await page.getByTestId('failedmail-empty').waitFor();
  assert.match((await page.getByTestId('failedmail-empty').textContent()) ?? '', /No undelivered mail/);
  await page.close();
});

test('a failing service shows the error with a way to try again', async () => {
  const ok = ui.routes['GET /api/email/failed']!;
  ui.routes['GET /api/email/failed'] = () => [503, problem(503, 'Service Unavailable')];
  try {
    const page = await ui.open({ path: '/dashboard/failedmail', user: admin });
    const error = page.getByTestId('failedmail-error');
    await error.waitFor({ timeout: 10_000 });
    assert.match((await error.textContent()) ?? '', /could not be loaded: Service Unavailable/);
    ui.routes['GET /api/email/failed'] = ok;
    jobs = [...parked];
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('failedmail-item').first().waitFor();
    await page.close();
  } finally {
    ui.routes['GET /api/email/failed'] = ok;
  }
});

test('700 px: the cards and their Resend buttons fit the screen width', async () => {
  jobs = [...parked];
  const page = await ui.open({ path: '/dashboard/failedmail', user: admin, width: 700 });
  await page.getByTestId('failedmail-item').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  const button = await page.getByTestId('failedmail-resend').first().boundingBox();
  const card = await page.getByTestId('failedmail-item').first().boundingBox();
  assert.ok(button && card && button.width > card.width * 0.8, 'Resend spans the card on mobile');
  await page.screenshot({ path: path.join(shots, 'failedmail-700.png'), fullPage: true });
  await page.close();
});
