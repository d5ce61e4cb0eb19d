// Where the journey's evening (12-…, 13-…) shows, read as each role reads it on screen: an order's row in a list
// (its overnight clock cell), the options of an order form's select, the created order the form's Submit answers.
import type { Order } from '@portal/contracts';
import { expect, APP, type Page } from '../fixtures/index.ts';
import { gridRowText } from './views.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a list page, searches the order id, until its row holds `text` (the page's usual 10 s); the row's text. */
export async function rowShows(page: Page, path: string, orderId: string, text: string) {
  await page.goto(`${APP}${path}`);
  await page.getByTestId('orders-search').fill(orderId);
  await expect
    .poll(() => gridRowText(page, orderId), { timeout: 10_000, message: `${orderId} on ${path}` })
    .toMatch(new RegExp(escape(text)));
  // the rows the search dropped fade out (ag-grid's row animation): the page is read once they are gone
  await expect(page.locator('.ag-row.ag-opacity-zero')).toHaveCount(0);
  return gridRowText(page, orderId);
}

/** The overnight cell of the order's row on an open list page: its clock icon, then the arrival day's text. */
export async function clockText(page: Page, orderId: string): Promise<string> {
  const row = await page.locator('.ag-row').filter({ hasText: orderId }).first().getAttribute('row-id');
  const cell = page.locator(`.ag-row[row-id="${row}"]`).getByTestId('order-overnight');
  await expect(cell.getByRole('img', { name: 'Overnight' })).toBeVisible();
  return (await cell.innerText()).replace(/\s+/g, ' ').trim();
}

/** The vendor's order form, opened afresh, for a layover to `licence` picked from the destination's suggestions. */
export async function layoverTo(page: Page, licence: string) {
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill(licence);
  await page.getByTestId('order-destinationLN-option').filter({ hasText: licence }).first().click();
}

/** The labels a select of the order form offers. */
export const optionsOf = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('option').allInnerTexts();

/** Submits a new order on the form and returns what the service created (200, or the step fails). */
export async function submitCreate(page: Page): Promise<Order> {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/create'));
  await page.getByTestId('order-submit').click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { order: Order } }).data.order;
}
