// The orders mails: each orders.order.* event of the pinned OrderNotice shape → one mail per recipient it names,
// read back from the real SMTP sink (text and HTML); [] recipients → no mail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects, type EventSubject, type OrderNotice } from '@portal/contracts';
import { mailbox } from '@portal/service-kit/testing';
import { orderMailKind, orderMails } from '../src/domain/order-mails.js';
import { ORDER_MAIL_SUBJECTS, day } from '../src/templates/order-notice.js';
import { runTag, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  // its own queue: the running service's worker (maybe older code) must not send these jobs
  app = await startApp({ QUEUE_PREFIX: 'portal-notifications-test-orders' });
});
after(() => app.close());

const tag = runTag();
const notice = (extra: Partial<OrderNotice> = {}): OrderNotice => ({
  id: `64b000000000000000${tag.slice(-6)}`,
  orderId: `G-${tag}`,
  status: 0,
  orderType: 'layover',
  orderDef: 'ext',
  pickupLN: 'C11-0000001-LIC',
  destinationLN: 'C11-0000002-LIC',
  vendorName: 'Green <Acres>',
  destName: 'Mile High Dispensary',
  preferredDelivery: '2026-12-01T12:00:00.000Z',
  changedBy: { userId: 'u1', name: 'Vera Vendor' },
  recipients: [`vendor-${tag}@test.portal`, ` Receiver-${tag}@test.portal `],
  link: `http://portal.test/order/${tag}`,
  ...extra,
});
const env = (type: string, data: OrderNotice, id = 'e1') => ({
  id,
  type,
  version: 1,
  time: '',
  source: 'orders',
  data,
});

test('the rule: a template per event and status; one mail per recipient; [] → none; job ids from the event', () => {
  assert.equal(orderMailKind(Subjects.orderCreated, 0), 'created');
  assert.equal(orderMailKind(Subjects.orderStatusChanged, 4), 'exception');
  assert.equal(orderMailKind(Subjects.orderStatusChanged, 5), 'full-rejection');
  assert.equal(orderMailKind(Subjects.orderStatusChanged, 6), 'partial-rejection');
  assert.equal(orderMailKind(Subjects.orderStatusChanged, 3), 'status');
  assert.equal(orderMailKind(Subjects.orderCancelled, 8), 'cancelled');
  assert.equal(orderMailKind(Subjects.orderDateUnmet, 1), 'date-unmet');
  assert.equal(orderMailKind(Subjects.orderUpdated, 1), null);
  const mails = orderMails(env(Subjects.orderCreated, notice()));
  assert.deepEqual(
    mails.map((m) => m.job.kind === 'raw' && m.job.to),
    [`vendor-${tag}@test.portal`, `receiver-${tag}@test.portal`],
  );
  assert.deepEqual(
    orderMails(env(Subjects.orderCreated, notice())).map((m) => m.jobId),
    mails.map((m) => m.jobId),
  );
  assert.deepEqual(orderMails(env(Subjects.orderCreated, notice({ recipients: [] }))), []);
  const job = mails[0]!.job;
  assert.ok(job.kind === 'raw');
  assert.match(job.html, /Green &lt;Acres&gt;/);
  assert.match(job.text ?? '', /Vendor: Green <Acres> \(C11-0000001-LIC\)/);
  assert.equal(day('2026-12-01T12:00:00.000Z'), 'Tue, Dec 1, 2026');
});

const CASES: {
  subject: EventSubject;
  extra: Partial<OrderNotice>;
  kind: keyof typeof ORDER_MAIL_SUBJECTS;
  says: RegExp[];
}[] = [
  {
    subject: Subjects.orderCreated,
    extra: {},
    kind: 'created',
    says: [/A new order was placed/, /Placed by: Vera Vendor/],
  },
  {
    subject: Subjects.orderStatusChanged,
    extra: { status: 4, previousStatus: 2, exception: 'Two boxes crushed' },
    kind: 'exception',
    says: [/Exception notes: Two boxes crushed/],
  },
  {
    subject: Subjects.orderStatusChanged,
    extra: { status: 5, previousStatus: 2, rejected: 5 },
    kind: 'full-rejection',
    says: [/rejected in full/, /Reason: Poor Product Quality/],
  },
  {
    subject: Subjects.orderStatusChanged,
    extra: { status: 6, previousStatus: 2, rejected: 8, rejectedText: 'Short by one case' },
    kind: 'partial-rejection',
    says: [/partially rejected/, /Reason: Other/, /Details: Short by one case/],
  },
  {
    subject: Subjects.orderStatusChanged,
    extra: { status: 1, previousStatus: 0, deliveryDate: '2026-12-02T12:00:00.000Z' },
    kind: 'status',
    says: [/changed from Order Received to Order Approved/, /Delivery date: Wed, Dec 2, 2026/],
  },
  {
    subject: Subjects.orderCancelled,
    extra: { status: 8, previousStatus: 1, cancelReason: 'No Product' },
    kind: 'cancelled',
    says: [/was cancelled/, /Reason: No Product/],
  },
  {
    subject: Subjects.orderDateUnmet,
    extra: { status: 1, deliveryDate: '2026-12-03T12:00:00.000Z' },
    kind: 'date-unmet',
    says: [/The preferred date cannot be met\. The delivery is now planned for Thu, Dec 3, 2026/],
  },
];

for (const c of CASES) {
  test(`${c.subject} (${c.kind}) → a mail to each recipient, text and HTML, with the order's facts and link`, async () => {
    const since = Date.now();
    const to = `${c.kind}-${tag}@test.portal`;
    const n = notice({ ...c.extra, orderId: `G-${c.kind}-${tag}`, recipients: [to] });
    await app.bus.publish(c.subject, n, { source: 'orders' });
    const mail = await mailbox.waitForMailTo(to, ORDER_MAIL_SUBJECTS[c.kind](n), { since });
    for (const re of c.says) assert.match(mail.text, re);
    assert.match(mail.text, new RegExp(`Open the order: http://portal\\.test/order/${tag}`));
    assert.match(mail.text, /Destination: Mile High Dispensary \(C11-0000002-LIC\)/);
    assert.match(mail.html, new RegExp(`href="http://portal\\.test/order/${tag}"`));
    assert.match(mail.html, /Green &lt;Acres&gt;/);
  });
}

test('an event with no recipients (its config switch off) sends nothing', async () => {
  const since = Date.now();
  const n = notice({ orderId: `G-none-${tag}`, recipients: [] });
  await app.bus.publish(Subjects.orderCreated, n, { source: 'orders' });
  // a later mail in the same queue proves the first was consumed without a send
  const to = `after-${tag}@test.portal`;
  await app.bus.publish(Subjects.orderCreated, notice({ orderId: `G-after-${tag}`, recipients: [to] }), {
    source: 'orders',
  });
  await mailbox.waitForMailTo(to, new RegExp(`^New order G-after-${tag}:`), { since });
  const none = await mailbox.find((m) => m.subject.includes(`G-none-${tag}`));
  assert.equal(none.length, 0);
});
