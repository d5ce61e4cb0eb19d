// The receiver's tracking page over a fake GET /api/track/:token whose answers are checked against
// services/routing's TypeBox schema: stop k of n, delivered with time and signer, asks again on Refresh (the 30 s
// poll), and a refused link (404, or a 400 carrying the token in its text) shows only the spec's words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { DispatchMessages as DM, PublicMessages as PM, type TrackingView } from '@portal/contracts/dispatch';
import { TrackAnswer } from '@portal/routing-service/schemas/track';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
let view: TrackingView = {
  orderId: 'G-100',
  destName: 'Mile High',
  state: 'out-for-delivery',
  stop: { k: 3, n: 7 },
  window: { day: '2026-11-25' },
};
let asked = 0;
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/track/Track.tsx'),
      exportName: 'Track',
      check: (_m, url, status, body) =>
        url.startsWith('/api/track/') && status === 200 && !Value.Check(TrackAnswer, body)
          ? [`${url}: answer does not match TrackAnswer`]
          : [],
    },
    {
      'GET /api/track/t1.good.tag': () => (asked++, [200, { data: view }]),
      'GET /api/track/t1.gone.tag': () => [404, { message: DM.trackingGone }],
      'GET /api/track/t1.long.tag': () => [
        400,
        { message: "'/api/track/t1.long.tag' is exceeding the max param length" },
      ],
    },
  );
});
after(async () => {
  assert.deepEqual(ui.violations, []);
  await ui?.close();
});

test('in transit: stop k of n and the delivery day; Refresh asks again and shows delivered, time and signer', async () => {
  const page = await ui.open({ path: '/dashboard/track?t=t1.good.tag' });
  await page
    .getByTestId('track-state')
    .filter({ hasText: PM.trackingStop(3, 7) })
    .waitFor();
  assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '3');
  assert.match((await page.getByTestId('track-day').textContent()) ?? '', /Wednesday, November 25, 2026/);
  await page.screenshot({ path: path.join(shots, 'track-screen-1280.png'), fullPage: true });
  view = {
    ...view,
    state: 'delivered',
    stop: undefined,
    delivered: { at: '2026-11-25T15:04:00.000Z', name: 'Pat Receiver' },
  };
  const before = asked;
  await page.getByTestId('track-refresh').click();
  await page.getByTestId('track-state').filter({ hasText: 'Delivered' }).waitFor();
  assert.ok(asked > before);
  assert.equal(await page.getByTestId('track-signed-by').textContent(), 'Pat Receiver');
  await page.close();
});

test('a refused link shows only the no-longer-valid words, never the answer text; no token, a hint', async () => {
  for (const t of ['t1.gone.tag', 't1.long.tag']) {
    const page = await ui.open({ path: `/dashboard/track?t=${t}` });
    await page.getByTestId('track-gone').filter({ hasText: DM.trackingGone }).waitFor();
    assert.equal(await page.getByText('max param length').count(), 0);
    assert.equal(await page.getByTestId('track-view').count(), 0);
    await page.close();
  }
  const page = await ui.open({ path: '/dashboard/track' });
  await page.getByTestId('track-no-token').filter({ hasText: PM.trackingNoToken }).waitFor();
  await page.close();
});

test('the token may come in the fragment (#t=), never sent to a server', async () => {
  const page = await ui.open({ path: '/dashboard/track#t=t1.good.tag' });
  await page.getByTestId('track-view').waitFor();
  await page.close();
});
