// Journey, 15:30: the receiver signs in and lands on Incoming Orders, where the order reads Delivered, then opens
// the link in the "Delivered" mail: the order opens read-only for him (no Submit, Cancel or Check Out to press and
// fail), its status and signature shown.
import { OrderStatus, ORDER_STATUS_NAMES } from '@portal/contracts';
import { test, expect, seen } from '../fixtures/journey-test.ts';
import { orderLinkIn, searchGrid } from './views.ts';

test('the receiver sees the delivery in Incoming and opens the mailed link read-only', async ({
  mailbox,
  open,
  look,
  journey: s,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  const { id, orderId } = s.order!;
  const delivered = ORDER_STATUS_NAMES[OrderStatus.delivered];

  // --- he lands on his incoming orders, the delivery there
  const page = await open(s.receiver.email);
  await seen('the receiver lands on Incoming Orders', () =>
    expect(page).toHaveURL(/\/dashboard\/incomingorders/),
  );
  await seen('the delivery in his Incoming (screen)', async () => {
    expect(await searchGrid(page, '/dashboard/incomingorders', orderId)).toContain(delivered);
  });
  await look(page, '08-receiver-incoming-delivered');

  // --- the mailed link opens the order for him to read, not to edit
  // the newest order mail he got about it (the Delivered one, when the delivery's mail reached him)
  const [mail] = await mailbox.find({ to: s.receiver.email, subject: new RegExp(orderId) });
  expect(mail, `an order mail to the receiver about ${orderId}`).toBeTruthy();
  const link = orderLinkIn(mail!, id);
  await page.goto(link);
  await seen('the mailed link opens the order for him', async () => {
    await expect(page.getByText(orderId).first()).toBeVisible();
    await expect(page.getByText(delivered).first()).toBeVisible();
  });
  for (const action of ['order-submit', 'order-cancel', 'order-checkout', 'order-delete'])
    await seen(`the mailed link is read-only: no ${action}`, () =>
      expect(page.getByTestId(action)).toHaveCount(0),
    );
  await look(page, '08-receiver-mailed-link');
  // the same on his phone
  await page.setViewportSize({ width: 390, height: 844 });
  await look(page, '08-receiver-mailed-link-390');
});
