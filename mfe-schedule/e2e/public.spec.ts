// What a user must see (public part), on the running portal: the public schedule search finds the test's own route
// signed out (the edge serves a repeat from its cache); a receiver's tracking link shows "out for delivery — stop k
// of n", then the delivery time and signer once delivered; a tampered link shows only the "no longer valid" text.
// Route, orders and day are the test's own (removed after it). Screenshots at 1280 and 390 px in /tmp/shots-public.
import { mkdirSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { DispatchMessages as DM, PublicMessages as PM, DISPATCH } from '@portal/contracts/dispatch';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';
import {
  removeSchedule,
  scheduleOrder,
  scheduleRoute,
  type ScheduleFixture,
} from '../../e2e/fixtures/schedule.ts';
import { setOrderStatus, tamperedLink, trackingLink } from '../../e2e/fixtures/public.ts';

/** A 1×1 PNG: the receiver's signature the orders service requires before Delivered. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SHOTS = '/tmp/shots-public';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('the public search finds the route signed out, by zip and by city, with its days; the edge caches it', async ({
  newPage,
  api,
}) => {
  test.setTimeout(90_000);
  const admin = await api(Role.Admin);
  let f: ScheduleFixture | undefined;
  try {
    f = await scheduleRoute(admin);
    const page = await newPage();
    await page.goto(`${APP}/dashboard/schedulesearch`);
    await expect(page.getByTestId('ss-hint')).toHaveText(PM.searchHint);
    // Monday to Friday checked by default, the weekend not
    for (const d of DISPATCH.publicSearchDefaultDays)
      await expect(page.getByTestId(`ss-day-${d}`)).toBeChecked();
    await expect(page.getByTestId('ss-day-sat')).not.toBeChecked();

    await page.getByTestId('ss-query').fill(f.zip);
    const row = page.getByTestId('ss-row').filter({ hasText: f.routeName });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('E2E Schedule Town');
    await expect(row).toContainText('Mon, Tue, Wed, Thu, Fri, Sat, Sun');
    await expect(page.getByTestId('ss-count')).toHaveText(PM.searchCount(1, DISPATCH.publicSearchMax));
    await snap(page, 'search-1280');

    // the same search again is answered by nginx (Cache-Control public → edge cache)
    const url = `${APP}/api/schedule/search?q=${f.zip}&days=mon,tue,wed,thur,fri&page=1`;
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await fetch(url)).headers.get('x-cache-status'));
    expect(statuses.at(-1)).toBe('HIT');

    // a city that no route serves: the empty state
    await page.getByTestId('ss-query').fill('Nowhere Zzyzx');
    await expect(page.getByTestId('ss-empty')).toHaveText(PM.searchNone);

    // phone width: the table becomes cards, the search still works with the keyboard
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('ss-query').fill('');
    await page.getByTestId('ss-query').pressSequentially(f.zip);
    await expect(page.getByTestId('ss-row').filter({ hasText: f.routeName })).toBeVisible({
      timeout: 15_000,
    });
    await snap(page, 'search-390');
  } finally {
    await removeSchedule(admin, f);
  }
});

test('a receiver’s tracking link: stop k of n while in transit, then delivered; a tampered link shows nothing else', async ({
  newPage,
  api,
  testData,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const admin = await api(Role.Admin);
  let f: ScheduleFixture | undefined;
  try {
    f = await scheduleRoute(admin);
    const from = await testData.licence('trackpick');
    const to = await testData.licence('trackshop');
    // the receiver: a user on the destination licence, who gets the order's status mails
    const receiver = await testData.signedUpUser(`e2e-trackrcv-${Date.now()}@test.portal`, to);
    const first = await scheduleOrder(admin, f, { from, to, invoice: 'E2E-TRACK-1' });
    const second = await scheduleOrder(admin, f, { from, to, invoice: 'E2E-TRACK-2' });
    const since = Date.now();
    for (const o of [first, second]) await setOrderStatus(admin, o, 2);
    // schedule order within the route: by order id
    const [a, b] = [first, second].sort((x, y) =>
      x.orderId.localeCompare(y.orderId, 'en', { numeric: true }),
    );

    // the In Transit mail carries the link (signed by the notifications worker when it sent the mail)
    const mail = await mailbox.waitForMailTo(receiver, `Order ${b!.orderId} is now In Transit`, { since });
    const link = /(http\S+\/dashboard\/track\?t=[A-Za-z0-9._%-]+)/.exec(mail.text)?.[1] ?? '';
    expect(link, mail.text).toMatch(/^http.*\/dashboard\/track\?t=t1\./);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    const page = await newPage();
    // routing's read model follows the orders events: reload until the status reached it
    await expect(async () => {
      await page.goto(link);
      await expect(page.getByTestId('track-state')).toHaveText(PM.trackingStop(2, 2), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('track-order')).toHaveText(b!.orderId);
    await expect(page.getByTestId('track-day')).toContainText(
      new Date(`${f.day}T00:00:00Z`).getUTCFullYear().toString(),
    );
    await snap(page, 'track-transit-1280');
    expect(await page.evaluate(() => document.referrer)).toBe('');

    // delivered, signed by the receiver: the page shows it (Refresh now = the 30 s poll, sooner)
    await setOrderStatus(admin, b!, 3, {
      signature: {
        customer: { name: 'Rita Receiver', date: new Date().toISOString(), image: SIGNATURE_PNG },
      },
    });
    await expect(async () => {
      await page.getByTestId('track-refresh').click();
      await expect(page.getByTestId('track-state')).toHaveText('Delivered', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('track-signed-by')).toHaveText('Rita Receiver');
    await expect(page.getByTestId('track-delivered-at')).not.toBeEmpty();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'track-delivered-390');

    // the first order's link still says stop 1 of 2
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(trackingLink(a!.id));
    await expect(page.getByTestId('track-state')).toHaveText(PM.trackingStop(1, 2));

    // tampered: only the words, nothing of the order
    await page.goto(tamperedLink(link));
    await expect(page.getByTestId('track-gone')).toHaveText(DM.trackingGone);
    await expect(page.getByTestId('track-view')).toHaveCount(0);
    await expect(page.getByText(b!.orderId)).toHaveCount(0);
    await snap(page, 'track-gone-1280');
  } finally {
    await removeSchedule(admin, f);
  }
});
