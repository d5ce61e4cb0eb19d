// Issue 13 "Done means", Metrc: an admin runs Sync Manifests on Manage Orders against the stack's Metrc stub
// (deploy/local/metrc-stub, the demo orders as transfers): the dialog shows the 5-minute hint, a progress bar that
// moves (the stub is slowed for it), then the per-order results; a synced order's ledger has the 'metrc-synced'
// step. With the stub failing, the dialog says why and Retry (stub healthy again) finishes the run. A vendor has no
// Sync Manifests button and the call refuses them.
import { mkdirSync } from 'node:fs';
import { METRC_SYNC_HINT, Messages, Role } from '@portal/contracts';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';

const STUB = `http://127.0.0.1:${process.env.METRC_STUB_PORT ?? 8940}`;
const SHOTS = '/tmp/shots-metrc';

async function stubMode(mode: object): Promise<void> {
  const r = await fetch(`${STUB}/__stub/mode`, { method: 'POST', body: JSON.stringify(mode) });
  expect(r.status).toBe(200);
}
async function shoot(page: Page, name: string, shot: (p: Page, n: string) => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await shot(page, `metrc-${name}`);
}

test.afterEach(async () => {
  await stubMode({ mode: 'normal' });
});

test('Sync Manifests: the admin sees progress, then synced / mismatch / not found per order; the ledger has the step', async ({
  signedInAs,
  api,
  shot,
}) => {
  test.setTimeout(180_000);
  await stubMode({ mode: 'slow', delayMs: 120 });
  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('metrc-sync-open').click();
  const dialog = page.getByTestId('metrc-sync');
  await expect(dialog.getByTestId('metrc-sync-hint')).toHaveText(METRC_SYNC_HINT);
  await shoot(page, '1-ask', shot);
  await dialog.getByTestId('metrc-sync-start').click();

  // progress: "n of N order(s) checked" with n moving while the slowed stub answers
  const count = dialog.getByTestId('metrc-sync-count');
  await expect(count).toHaveText(/^\d+ of \d+ order\(s\) checked$/, { timeout: 60_000 });
  await expect(dialog.locator('progress')).toBeVisible();
  await shoot(page, '2-progress', shot);

  const results = dialog.getByTestId('metrc-sync-results');
  await expect(results).toBeVisible({ timeout: 150_000 });
  const summary = await dialog.getByTestId('metrc-sync-summary').innerText();
  const m = /^(\d+) order\(s\) checked.*: (\d+) synced, (\d+) mismatch, (\d+) not found\.$/.exec(summary);
  expect(m, summary).not.toBeNull();
  const [total, synced, mismatch, notFound] = m!.slice(1).map(Number) as [number, number, number, number];
  expect(total).toBeGreaterThan(0);
  expect(synced + mismatch + notFound).toBe(total);
  // problems are listed first, each with its reason in words
  const rows = results.locator('tbody tr');
  expect(await rows.count()).toBe(mismatch + notFound || total);
  if (mismatch) {
    const row = rows.filter({ hasText: 'Mismatch' }).first();
    await expect(row).toContainText(/Package count: order \d+, Metrc \d+|Licence: order |Status: order /);
  }
  if (notFound) await expect(rows.filter({ hasText: 'Not found' }).first()).toContainText('not in Metrc');
  await shoot(page, '3-results', shot);

  // all rows, then a synced order's ledger holds the step written by this admin through the job
  const all = dialog.getByTestId('metrc-sync-all');
  if (await all.count()) await all.check();
  const syncedRow = rows.filter({
    has: page.getByTestId('metrc-result').getByText('Synced', { exact: true }),
  });
  await expect(syncedRow.first()).toBeVisible();
  const orderId = (await syncedRow.first().locator('td').first().innerText()).trim();
  const admin = await api(Role.Admin);
  const h = await admin.call(`/api/orders/${orderId}/history`);
  const steps = (h.json.data.entries as { action: string; source: string }[]).filter(
    (e) => e.action === 'metrc-synced',
  );
  expect(steps.length).toBeGreaterThanOrEqual(1);
  expect(steps.at(-1)!.source).toBe('job');
  const v = await admin.call(`/api/orders/${orderId}/history/verify`);
  expect(v.json.ok).toBe(true);
});

test('Metrc failing: the dialog says why; Retry after Metrc is back finishes the run', async ({
  signedInAs,
  shot,
}) => {
  test.setTimeout(120_000);
  await stubMode({ mode: 'failing' });
  const page = await signedInAs(Role.SuperAdmin);
  await page.goto(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('metrc-sync-open').click();
  const dialog = page.getByTestId('metrc-sync');
  await dialog.getByTestId('metrc-sync-start').click();
  const failed = dialog.getByTestId('metrc-sync-failed');
  await expect(failed).toContainText(
    /^Sync Manifests failed: Metrc answered 500 to \/transfers\/v1\/outgoing/,
    {
      timeout: 60_000,
    },
  );
  await shoot(page, '4-failed', shot);
  await stubMode({ mode: 'normal' });
  await dialog.getByTestId('metrc-sync-retry').click();
  await expect(dialog.getByTestId('metrc-sync-results')).toBeVisible({ timeout: 90_000 });
});

test('a vendor has no Sync Manifests and the call refuses them', async ({ signedInAs, api }) => {
  const page = await signedInAs(Role.AccountAdmin);
  await page.goto(`${APP}/dashboard/orders`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('metrc-sync-open')).toHaveCount(0);
  const r = await (await api(Role.AccountAdmin)).call('/api/metrc/syncall', {});
  expect(r.status).toBe(403);
  expect(r.json.detail).toBe(Messages.forbidden);
});
