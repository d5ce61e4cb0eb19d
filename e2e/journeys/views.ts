// Where a journey step shows, read as each role reads it: the order lists (API rows and the grid on screen), the
// daily schedule's sections, the ledger, billing's reconciliation and the mailbox. Every read here is a single look;
// the steps poll them with SOON (5 s).
import { ORDER_STATUS_NAMES, type Order, type OrderRow, type OrderStatusNumber } from '@portal/contracts';
import type { ScheduleDay } from '@portal/contracts/dispatch';
import type { ReconAnswer } from '@portal/contracts/billing';
import { expect, APP, type ApiClient, type Mailbox, type Mail, type Page } from '../fixtures/index.ts';
import { SOON } from '../fixtures/journey-test.ts';

/** The order as stored (staff's view). */
export async function stored(admin: ApiClient, id: string): Promise<Order> {
  const r = await admin.call(`/api/orders/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.order as Order;
}

/** The ledger's actions of the order, oldest first. */
export async function ledger(client: ApiClient, id: string): Promise<string[]> {
  const r = await client.call(`/api/orders/${id}/history`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data.entries as { action: string }[]).map((e) => e.action);
}

/** The ledger's chain verifies. */
export async function ledgerVerifies(client: ApiClient, id: string): Promise<boolean> {
  return (await client.call(`/api/orders/${id}/history/verify`)).json?.ok === true;
}

/** The order's row in a list as the caller gets it (`q` = its order id), or undefined. */
export async function listRow(
  client: ApiClient,
  list: 'admin' | 'outgoing' | 'incoming' | 'driver',
  orderId: string,
  week?: string,
): Promise<OrderRow | undefined> {
  const params = new URLSearchParams({ list, q: orderId });
  if (week && list !== 'driver') params.set('week', week);
  const r = await client.call(`/api/orders?${params}`);
  if (r.status !== 200) return undefined;
  return (r.json.data.orders as OrderRow[]).find((o) => o.orderId === orderId);
}

/** The whole text of an order's grid row (a row is split across the pinned and centre containers). */
export async function gridRowText(page: Page, orderId: string): Promise<string> {
  const idCell = page.locator('.ag-row').filter({ hasText: orderId }).first();
  if (!(await idCell.count())) return '';
  const rowId = await idCell.getAttribute('row-id');
  const parts = await page.locator(`.ag-row[row-id="${rowId}"]`).allInnerTexts();
  return parts.join(' ').replace(/\s+/g, ' ');
}

/**
 * Opens an order list page and searches the order id in its search box, until the row shows. The data's 5 s are
 * checked through the API beside it; the screen gets the page's usual time to render (10 s).
 */
export async function searchGrid(page: Page, path: string, orderId: string): Promise<string> {
  await page.goto(`${APP}${path}`);
  await page.getByTestId('orders-search').fill(orderId);
  await expect
    .poll(() => gridRowText(page, orderId), { timeout: 10_000, message: `${orderId} on ${path}` })
    .toContain(orderId);
  return gridRowText(page, orderId);
}

/** The order on a day's schedule as `client` gets it (staff: every route; a driver: his own), or undefined. */
export async function onSchedule(client: ApiClient, day: string, id: string, isAdmin: boolean) {
  const r = await client.call('/api/orders/schedule', { opts: { day, isAdmin } });
  if (r.status !== 200) return undefined;
  const d = r.json.data as ScheduleDay;
  for (const route of d.routes)
    for (const list of Object.values(route.sections)) {
      const o = list.find((x) => x.id === id);
      if (o) return { ...o, routeId: route.route.id };
    }
  return undefined;
}

/** The order's status on a daily schedule page already open on its day, as the page shows it. */
export async function scheduleStatus(page: Page, routeId: string, id: string): Promise<string> {
  const s = page.getByTestId(`section-${routeId}-deliveries`).getByTestId(`status-${id}`);
  return (await s.count()) ? (await s.innerText()).trim() : '(not on the schedule)';
}

/**
 * The order reads `status` on `day`'s schedule: its data within 5 s (as `client` gets it), then the page (opened
 * on the day) shows it in the route's Deliveries.
 */
export async function scheduleShows(
  page: Page,
  client: ApiClient,
  isAdmin: boolean,
  day: string,
  routeId: string,
  id: string,
  status: number,
) {
  await expect
    .poll(async () => (await onSchedule(client, day, id, isAdmin))?.status, {
      ...SOON,
      message: `the ${isAdmin ? 'admin' : 'driver'} schedule of ${day} has the order at status ${status}`,
    })
    .toBe(status);
  await page.goto(`${APP}/dashboard/manageSchedule?date=${day}`);
  await expect(page.getByTestId(`section-${routeId}-deliveries`).getByTestId(`status-${id}`)).toHaveText(
    ORDER_STATUS_NAMES[status as OrderStatusNumber],
  );
}

/** billing's reconciliation of the vendor over the range: its totals and rows. */
export async function recon(admin: ApiClient, vendorLN: string, from: string, to: string) {
  const r = await admin.call('/api/orders/reconciliation', { opts: { vendorLN, from, to } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as ReconAnswer;
}

/** The mail to `to` whose subject matches, received since `since`, within 5 s. */
export function mailWithin5s(
  mailbox: Mailbox,
  to: string,
  subject: string | RegExp,
  since: number,
): Promise<Mail> {
  return mailbox.waitForMailTo(to, subject, { since, timeoutMs: 5_000 });
}

/** The portal link to the order a mail carries ({APP}/order/{id}). */
export function orderLinkIn(mail: Mail, id: string): string {
  const m = new RegExp(`https?://[^\\s"'<>]+/order/${id}`).exec(`${mail.text} ${mail.html}`);
  expect(m, `a link to order ${id} in "${mail.subject}"`).toBeTruthy();
  return m![0];
}

/** Draws a signature on a pad's canvas with the pointer. */
export async function draw(page: Page, testId: string) {
  const c = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(c.x + 20, c.y + c.height * 0.7);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, 0.2],
    [120, 0.8],
    [180, 0.3],
    [240, 0.7],
  ] as const)
    await page.mouse.move(c.x + Math.min(dx, c.width - 10), c.y + c.height * dy, { steps: 6 });
  await page.mouse.up();
}
