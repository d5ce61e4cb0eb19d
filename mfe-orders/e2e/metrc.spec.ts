// What a user must see (Metrc): an admin runs Sync Manifests on Manage Orders against the stack's Metrc stub
// (deploy/local/metrc-stub): the dialog shows the 5-minute hint, a progress bar that moves (the stub is slowed for
// it), then the per-order results; a synced order's ledger has the 'metrc-synced' step. With the stub failing, the
// dialog says why and Retry (stub healthy again) finishes the run. A vendor has no Sync Manifests button and the call
// refuses them. The syncs name this file's own orders ("Only these orders") and the stub holds this file's own
// transfers (PUT /__stub/transfers; DELETE after, back to the demo-derived set): the demo orders `npm start` shows
// are never synced by a test, so no test writes onto their ledgers.
import { mkdirSync } from 'node:fs';
import { METRC_SYNC_HINT, Messages, Role, type Order } from '@portal/contracts';
import { test, expect, APP, placeOrder, dayFrom, type ApiClient, type Page } from '@portal/e2e/fixtures';
import { TEST_ZIP } from './helpers.ts';

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

// one stub for the file: its tests take turns
test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await stubMode({ mode: 'normal' });
});
test.afterAll(async () => {
  // back to the demo-derived transfers the stub serves `npm start`
  expect((await fetch(`${STUB}/__stub/transfers`, { method: 'DELETE' })).status).toBe(200);
});

/**
 * Three orders of this test's own (fresh licences, delivered tomorrow, 2 boxes each, manifest numbers of its own) and
 * the stub's transfers for them: the first as the order has it (synced), the second with 3 packages (mismatch), none
 * for the third (not found). Returns the orders in that order.
 */
async function ownOrdersAndTransfers(
  admin: ApiClient,
  from: string,
  to: string,
  tag: string,
): Promise<Order[]> {
  const run = `${tag}${Date.now().toString(36).toUpperCase()}`;
  const orders: Order[] = [];
  for (const k of [1, 2, 3])
    orders.push(
      await placeOrder(admin, {
        from,
        to,
        weight: '2',
        invoice: `E2E-METRC-${k}`,
        source: 'api',
        order: {
          preferredPickup: `${dayFrom(1)}T12:00:00.000Z`,
          preferredDelivery: `${dayFrom(1)}T12:00:00.000Z`,
        },
        data: {
          pickupCompany: { 'Street Address': '3 Test Way', City: 'Testville', Zip: TEST_ZIP },
          destCompany: { 'Street Address': '4 Test Way', City: 'Testville', Zip: TEST_ZIP },
          billing: { manifest: `${run}-${k}` },
        },
      }),
    );
  const transfer = (k: number, packages: number) => ({
    manifestNo: `${run}-${k}`,
    shipper: from,
    recipient: to,
    packages,
    state: 'pending',
    lastModified: new Date(Date.now() - 60_000).toISOString(),
  });
  const r = await fetch(`${STUB}/__stub/transfers`, {
    method: 'PUT',
    body: JSON.stringify({ transfers: [transfer(1, 2), transfer(2, 3)] }),
  });
  expect(r.status).toBe(200);
  return orders;
}

test('Sync Manifests: the admin sees progress, then synced / mismatch / not found per order; the ledger has the step', async ({
  signedInAs,
  api,
  shot,
  testData,
}) => {
  test.setTimeout(180_000);
  const admin = await api(Role.Admin);
  const own = await ownOrdersAndTransfers(
    admin,
    await testData.licence('metrcvendor'),
    await testData.licence('metrcreceiver'),
    'S',
  );
  await stubMode({ mode: 'slow', delayMs: 700 });
  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('metrc-sync-open').click();
  const dialog = page.getByTestId('metrc-sync');
  await expect(dialog.getByTestId('metrc-sync-hint')).toHaveText(METRC_SYNC_HINT);
  await dialog.getByTestId('metrc-sync-orders').fill(own.map((o) => o.orderId).join(', '));
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
  // exactly this test's three orders: one of each result
  expect([total, synced, mismatch, notFound]).toEqual([3, 1, 1, 1]);
  // problems are listed first, each with its reason in words
  const rows = results.locator('tbody tr');
  expect(await rows.count()).toBe(mismatch + notFound || total);
  await expect(page.getByTestId(`metrc-row-${own[1]!.orderId}`)).toContainText(
    'Package count: order 2, Metrc 3',
  );
  await expect(page.getByTestId(`metrc-row-${own[2]!.orderId}`)).toContainText('not in Metrc');
  await shoot(page, '3-results', shot);

  // all rows, then a synced order's ledger holds the step written by this admin through the job
  const all = dialog.getByTestId('metrc-sync-all');
  if (await all.count()) await all.check();
  const syncedRow = page.getByTestId(`metrc-row-${own[0]!.orderId}`);
  await expect(syncedRow.getByTestId('metrc-result')).toHaveText('Synced');
  const orderId = own[0]!.orderId;
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
  api,
  shot,
  testData,
}) => {
  test.setTimeout(120_000);
  const own = await ownOrdersAndTransfers(
    await api(Role.Admin),
    await testData.licence('metrcfailvendor'),
    await testData.licence('metrcfailreceiver'),
    'F',
  );
  await stubMode({ mode: 'failing' });
  const page = await signedInAs(Role.SuperAdmin);
  await page.goto(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('metrc-sync-open').click();
  const dialog = page.getByTestId('metrc-sync');
  await dialog.getByTestId('metrc-sync-orders').fill(own.map((o) => o.orderId).join(' '));
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
  await expect(dialog.getByTestId('metrc-sync-summary')).toContainText('1 synced, 1 mismatch, 1 not found.');
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
