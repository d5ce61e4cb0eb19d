// Reports over GET /api/reports and POST /api/reports/timestamp: the caller's runs, a new timestamp report for the
// chosen day (toast with the spec's message, the list refreshed), the empty and error states. Fake answers are
// checked against @portal/contracts' ReportList and ReportStarted (the service's response schemas), so the fake
// cannot answer what the service never would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { Messages, Role } from '@portal/contracts';
import { ReportList, ReportStarted } from '@portal/contracts/billing';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const run = (id: string, selectedDate: string, state: 'queued' | 'done') => ({
  id,
  kind: 'timestamp' as const,
  state,
  title: `Timestamp report ${selectedDate}`,
  selectedDate,
  from: selectedDate,
  to: selectedDate,
  emails: ['admin@demo.portal'],
  createdAt: `${selectedDate}T10:00:00.000Z`,
  progress: state === 'done' ? 100 : 0,
});

let reports: ReturnType<typeof run>[] = [];
let down = false;
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/Reports.tsx'), exportName: 'Reports' },
    {
      'GET /api/reports': () => {
        if (down) return [503, { message: 'billing is unavailable' }];
        const answer = { data: { reports } };
        assert.ok(Value.Check(ReportList, answer));
        return [200, answer];
      },
      'POST /api/reports/timestamp': (body) => {
        const { selectedDate } = body as { selectedDate: string };
        const report = run(`n${reports.length}`, selectedDate, 'queued');
        reports = [report, ...reports];
        const answer = { message: Messages.reportStarted, data: { report } };
        assert.ok(Value.Check(ReportStarted, answer));
        return [202, answer];
      },
    },
  );
});
after(() => ui?.close());

test('no runs yet: the empty state; running a timestamp report for a day toasts and lists it', async () => {
  reports = [];
  down = false;
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-empty').waitFor();
  await page.getByTestId('reports-day').fill('2026-11-20');
  await page.getByTestId('reports-timestamp').click();
  await page.getByTestId('toast').filter({ hasText: Messages.reportStarted }).waitFor();
  const table = page.getByTestId('reports-table');
  await table.getByText('2026-11-20').waitFor();
  await table.getByText('Queued').waitFor();
  const sent = ui.calls.find((c) => c.call === 'POST /api/reports/timestamp')?.body;
  assert.deepEqual(sent, { selectedDate: '2026-11-20' });
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'reports.png'), fullPage: true });
  await page.close();
});

test('the service is down: the error with Try again', async () => {
  reports = [run('r1', '2026-11-19', 'done')];
  down = true;
  const page = await ui.open({ path: '/dashboard/reports', user: admin });
  await page.getByTestId('reports-error').waitFor({ timeout: 10_000 });
  down = false;
  await page.getByTestId('reports-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('reports-table').getByText('Emailed').waitFor();
  await page.close();
});
