// The Reports screen against a fake billing: the run form (kinds, default last month, one day for the
// timestamp report, email chips, the server's words before anything is sent and the server's message after), the
// toast, the runs with a progress bar polled while active (and the polling stopping), Cancel, Retry, the failure and
// empty texts, Download CSV, scheduled reports (add, delete behind a confirm), the empty and error states, 700 px.
// Every fake answer is checked against @portal/contracts/billing's schemas (the service's response schemas), so the
// fake cannot answer what the service never would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { Messages, Role } from '@portal/contracts';
import * as B from '@portal/contracts/billing';
import {
  mountComponent,
  screenshotDir,
  type Answer,
  type FakeRoutes,
  type Mounted,
} from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const ok = (schema: object, status: number, body: unknown): Answer => {
  assert.ok(Value.Check(schema as never, body), `fake answer fits its schema: ${JSON.stringify(body)}`);
  return [status, body];
};

let runs: B.ReportRunView[] = [];
let schedules: B.ReportScheduleView[] = [];
let down = false;
/** Progress the fake reports on each poll (GET /api/reports/:id). */
let step = 50;
let n = 0;
const newRun = (over: Partial<B.ReportRunView>): B.ReportRunView => ({
  ...{ id: `r${++n}`, kind: 'status', state: 'queued', title: 'Orders by status', progress: 0 },
  ...{ from: '2026-10-01', to: '2026-10-31', emails: ['admin@demo.portal'] },
  ...{ createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(), ...over },
});
const done = (r: B.ReportRunView): B.ReportRunView => ({
  ...r,
  state: 'done',
  progress: 100,
  rows: 3,
  files: (['csv', 'xlsx'] as const).map((format, i) => ({
    format,
    filename: `${r.id}.${format}`,
    size: 120 + i * 6000,
  })),
  finishedAt: '2026-11-20T10:30:00.000Z',
});
const started = (body: unknown, over: Partial<B.ReportRunView>) => {
  const b = body as { from?: string; to?: string; emails?: string[]; selectedDate?: string };
  if (b.from === '2020-01-01') return ok({}, 400, { message: 'Billing refuses 2020 (server rule)' });
  const [from, to] = [b.from ?? b.selectedDate!, b.to ?? b.selectedDate!];
  const kind = over.kind ?? 'status';
  const title = `${B.REPORT_TITLES[kind]} ${from === to ? from : `${from} to ${to}`}`;
  const run = newRun({ from, to, emails: b.emails, ...over, title });
  runs = [run, ...runs];
  return ok(B.ReportStarted, 202, { message: Messages.reportStarted, data: { report: run } });
};
const find = (url: URL) => runs.find((r) => r.id === url.pathname.split('/')[3]);

const fixed: FakeRoutes = {
  'GET /api/reports': () =>
    down ? [503, { message: 'billing is unavailable' }] : ok(B.ReportList, 200, { data: { reports: runs } }),
  'POST /api/reports/run': (b) => started(b, { kind: (b as { kind: 'status' }).kind }),
  'POST /api/reports/timestamp': (b) =>
    started(b, { kind: 'timestamp', selectedDate: (b as { selectedDate: string }).selectedDate }),
  'POST /api/orders/signaturereport': (b) => started(b, { kind: 'signature' }),
  'GET /api/reports/schedules': () => ok(B.ReportScheduleList, 200, { data: { schedules } }),
  'POST /api/reports/schedules': (b) => {
    const s = { id: `s${++n}`, createdAt: '2026-11-20T10:00:00.000Z', ...(b as B.ReportScheduleRequest) };
    schedules = [s, ...schedules];
    return ok(B.ReportScheduled, 201, { message: B.ReportMessages.scheduled, data: { schedule: s } });
  },
};
/** The fixed routes, then /api/reports/:id[/action] and /api/reports/schedules/:id by pattern. */
const routes = new Proxy(fixed, {
  get(target, call: string) {
    if (call in target) return target[call];
    const [method, p] = call.split(' ');
    if (method === 'DELETE' && p?.startsWith('/api/reports/schedules/'))
      return () => {
        schedules = schedules.filter((s) => s.id !== p.split('/')[4]);
        return [204, {}];
      };
    if (!p?.startsWith('/api/reports/')) return undefined;
    return (_b: unknown, url: URL): Answer => {
      const r = find(url);
      if (!r) return [404, { message: B.ReportMessages.notFound }];
      const action = url.pathname.split('/')[4];
      const put = (next: B.ReportRunView) => ((runs = runs.map((x) => (x.id === r.id ? next : x))), next);
      if (method === 'GET' && !action) {
        const p2 = Math.min(100, r.progress + step);
        const next = put(p2 >= 100 ? done(r) : { ...r, state: 'running', progress: p2 });
        return ok(B.ReportOne, 200, { data: { report: next } });
      }
      if (action === 'cancel')
        return ok(B.ReportOne, 200, { data: { report: put({ ...r, state: 'cancelled' }) } });
      if (action === 'retry') {
        const { error: _e, ...rest } = r;
        return ok(B.ReportStarted, 202, {
          message: Messages.reportStarted,
          data: { report: put({ ...rest, state: 'queued', progress: 0 }) },
        });
      }
      if (action === 'download')
        return ok(B.ReportDownload, 200, { data: { url: `/files/${r.id}.csv`, filename: `${r.id}.csv` } });
      return [404, { message: 'no such call' }];
    };
  },
});

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/Reports.tsx'), exportName: 'Reports' },
    routes,
  );
});
after(() => ui?.close());
const last = (call: string) => [...ui.calls].reverse().find((c) => c.call === call)?.body;
const polls = () => ui.calls.filter((c) => /^GET \/api\/reports\/r\d+$/.test(c.call)).length;

test('first visit: the empty states and the defaults (status, last month, the caller as recipient)', async () => {
  runs = [];
  schedules = [];
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-empty').getByText('No reports have been run yet.').waitFor();
  await page.getByTestId('schedules-empty').waitFor();
  const { from, to } = B.lastMonth();
  assert.equal(await page.getByTestId('reports-kind').inputValue(), 'status');
  assert.equal(await page.getByTestId('reports-from').inputValue(), from);
  assert.equal(await page.getByTestId('reports-to').inputValue(), to);
  assert.deepEqual(await page.getByTestId('reports-emails-tag').allInnerTexts(), ['admin@demo.portal\n×']);
  await page.screenshot({ path: path.join(shots, 'reports-empty.png'), fullPage: true });
  await page.close();
});

test('run a report: the toast, a progress bar polled every second until done, then the polling stops; Download CSV', async () => {
  runs = [];
  step = 40;
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-empty').waitFor();
  await page.getByTestId('reports-emails-input').fill('ops@demo.portal');
  await page.getByTestId('reports-emails-input').press('Enter');
  await page.getByTestId('reports-run').click();
  await page.getByTestId('toast').filter({ hasText: Messages.reportStarted }).waitFor();
  const sent = ui.calls.find((c) => c.call === 'POST /api/reports/run')?.body;
  assert.deepEqual(sent, {
    kind: 'status',
    ...B.lastMonth(),
    emails: ['admin@demo.portal', 'ops@demo.portal'],
  });
  const row = page.getByTestId('report-row').first();
  const bar = row.getByTestId('report-progress');
  await bar.waitFor();
  await page.waitForFunction(
    () => document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') === '80',
  );
  await page.screenshot({ path: path.join(shots, 'reports-running.png'), fullPage: true });
  await row.getByTestId('report-download-csv').waitFor();
  assert.equal(await row.getByTestId('report-state').innerText(), 'Done');
  assert.equal(await bar.count(), 0);
  assert.match(await row.getByTestId('report-rows').innerText(), /^3 rows/);
  const after = polls();
  await page.waitForTimeout(2500);
  assert.equal(polls(), after, 'no polling once nothing is queued or running');
  const download = page.waitForEvent('download');
  await row.getByTestId('report-download-csv').click();
  assert.equal((await download).suggestedFilename(), `${runs[0]!.id}.csv`);
  assert.ok(ui.calls.some((c) => c.call === `GET /api/reports/${runs[0]!.id}/download`));
  await page.close();
});

test('the timestamp report picks one day; the signature report uses the spec path; an empty report says so', async () => {
  runs = [];
  step = 100;
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-kind').selectOption('timestamp');
  await page.getByTestId('reports-day').fill('2026-11-19');
  assert.equal(await page.getByTestId('reports-from').count(), 0);
  await page.getByTestId('reports-run').click();
  await page.getByTestId('report-row').first().getByText('2026-11-19').waitFor();
  assert.deepEqual(last('POST /api/reports/timestamp'), {
    selectedDate: '2026-11-19',
    emails: ['admin@demo.portal'],
  });
  await page.getByTestId('reports-kind').selectOption('signature');
  await page.getByTestId('reports-from').fill('2026-10-01');
  await page.getByTestId('reports-to').fill('2026-10-31');
  await page.getByTestId('reports-run').click();
  await page.getByTestId('report-row').filter({ hasText: 'Signature report' }).waitFor();
  assert.deepEqual(last('POST /api/orders/signaturereport'), {
    from: '2026-10-01',
    to: '2026-10-31',
    emails: ['admin@demo.portal'],
  });
  runs = [
    { ...done(runs[0]!), rows: 0, emptyText: B.BillingMessages.noMissingSignatures, files: [] },
    ...runs.slice(1),
  ];
  await page.reload();
  await page.getByTestId('report-empty-text').getByText('No orders missing signatures').waitFor();
  await page.close();
});

test("bad input: the server's words before sending (range, emails), and the server's own message after", async () => {
  runs = [];
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  const before = ui.calls.length;
  await page.getByTestId('reports-from').fill('2025-01-01');
  await page.getByTestId('reports-to').fill('2026-06-30');
  await page.getByTestId('reports-run').click();
  await page.getByText(B.BillingMessages.rangeTooLong).waitFor();
  await page.getByTestId('reports-to').fill('2024-12-31');
  await page.getByText(B.BillingMessages.badRange).waitFor();
  await page.getByTestId('reports-to').fill('2025-01-31');
  await page.getByTestId('reports-emails-input').fill('not-an-address');
  await page.getByTestId('reports-emails-input').press('Enter');
  await page.getByText(B.BillingMessages.badEmail('not-an-address')).waitFor();
  await page.getByRole('button', { name: 'Remove not-an-address' }).click();
  await page
    .getByTestId('reports-emails-input')
    .fill(Array.from({ length: 10 }, (_, i) => `p${i}@demo.portal`).join(','));
  await page.getByTestId('reports-emails-input').press('Enter');
  await page.getByText(B.BillingMessages.tooManyEmails).waitFor();
  assert.equal(ui.calls.slice(before).filter((c) => c.call.startsWith('POST')).length, 0, 'nothing sent');
  await page.getByTestId('reports-emails-input').press('Backspace');
  await page.getByTestId('reports-from').fill('2020-01-01');
  await page.getByTestId('reports-to').fill('2020-01-31');
  await page.getByTestId('reports-run').click();
  await page.getByTestId('reports-run-error').getByText('Billing refuses 2020 (server rule)').waitFor();
  await page.close();
});

test('a failed run says why and can be retried; a running one can be cancelled (keyboard)', async () => {
  step = 0;
  runs = [
    newRun({ state: 'running', progress: 30, title: 'Deliveries per route and driver', kind: 'deliveries' }),
    newRun({
      state: 'failed',
      progress: 20,
      error: B.BillingMessages.reportFailed('the object store is unreachable'),
    }),
  ];
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  const failed = page.getByTestId('report-row').filter({ hasText: 'Failed to generate report' });
  await failed.getByText('Failed to generate report: the object store is unreachable').waitFor();
  await failed.getByTestId('report-retry').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('toast').filter({ hasText: Messages.reportStarted }).waitFor();
  const running = page.getByTestId('report-row').filter({ hasText: 'Deliveries' });
  await running.getByTestId('report-cancel').click();
  await running.getByTestId('report-state').getByText('Cancelled').waitFor();
  await running.getByTestId('report-retry').waitFor();
  await page.screenshot({ path: path.join(shots, 'reports-states.png'), fullPage: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await page.screenshot({ path: path.join(shots, 'reports-700.png'), fullPage: true });
  await page.close();
});

test('scheduled reports: add one weekly; delete asks first (Cancel keeps it)', async () => {
  schedules = [];
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('schedules-empty').waitFor();
  await page.getByTestId('schedule-kind').selectOption('rejections');
  await page.getByTestId('schedule-every').selectOption('monthly');
  await page.getByTestId('schedule-add').click();
  await page.getByTestId('toast').filter({ hasText: B.ReportMessages.scheduled }).waitFor();
  assert.deepEqual(last('POST /api/reports/schedules'), {
    kind: 'rejections',
    every: 'monthly',
    emails: ['admin@demo.portal'],
  });
  const row = page.getByTestId('schedule-row');
  await row.getByText('Rejections by reason').waitFor();
  await row.getByTestId('schedule-delete').click();
  await page.getByTestId('schedule-confirm-no').click();
  assert.equal(schedules.length, 1);
  await row.getByTestId('schedule-delete').click();
  await page.getByTestId('schedule-confirm-yes').click();
  await page.getByTestId('schedules-empty').waitFor();
  assert.ok(ui.calls.some((c) => c.call.startsWith('DELETE /api/reports/schedules/')));
  await page.close();
});

test('the service is down: the error with Try again', async () => {
  runs = [done(newRun({}))];
  down = true;
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-error').waitFor({ timeout: 10_000 });
  down = false;
  await page.getByTestId('reports-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('reports-table').getByText('Done').waitFor();
  await page.close();
});
