import { OrderStatus, Subjects, type EventEnvelope, type OrderNotice } from '@portal/contracts';
import { DISPATCH } from '@portal/contracts/dispatch';
import { signTrackingToken } from '@portal/service-kit';
import { TRACKING_LINK_PLACEHOLDER, orderMail, type OrderMailKind } from '../templates/order-notice.js';
import type { MailOrder } from './mail-for-event.js';

/** The orders events that become mail (orders §4 "Notification emails on save"), read by one durable. */
export const ORDER_MAIL_SUBJECTS = [
  Subjects.orderCreated,
  Subjects.orderStatusChanged,
  Subjects.orderCancelled,
  Subjects.orderDateUnmet,
] as const;
type OrderMailSubject = (typeof ORDER_MAIL_SUBJECTS)[number];

/** Which template an event asks for: a status change picks by the new status (orders §4). Pure. */
export function orderMailKind(type: string, status: number): OrderMailKind | null {
  switch (type) {
    case Subjects.orderCreated:
      return 'created';
    case Subjects.orderCancelled:
      return 'cancelled';
    case Subjects.orderDateUnmet:
      return 'date-unmet';
    case Subjects.orderStatusChanged:
      if (status === OrderStatus.exception) return 'exception';
      if (status === OrderStatus.fullRejection) return 'full-rejection';
      if (status === OrderStatus.partialRejection) return 'partial-rejection';
      return 'status';
    default:
      return null;
  }
}

/**
 * An orders event → one mail per recipient the event names (orders resolved them and applied the config switches:
 * [] means no mail). Rendered here, at consume time, from the event's facts (subject, HTML and text); the job id
 * derives from the event id, so a redelivered event queues no second mail. Pure.
 */
export function orderMails(
  event: EventEnvelope<OrderNotice> & { type: OrderMailSubject | string },
): MailOrder[] {
  const kind = orderMailKind(event.type, event.data.status);
  if (!kind) return [];
  const recipients = [...new Set(event.data.recipients.map((r) => r.trim().toLowerCase()).filter(Boolean))];
  if (!recipients.length) return [];
  // set In Transit → the receivers' tracking link, signed only when the worker sends (fillTrackingLink)
  const tracked = kind === 'status' && event.data.status === OrderStatus.inTransit;
  const { subject, html, text } = orderMail(
    kind,
    event.data,
    tracked ? TRACKING_LINK_PLACEHOLDER : undefined,
  );
  const sent = Date.parse(event.time);
  const track = tracked
    ? { orderId: event.data.id, exp: (Number.isNaN(sent) ? Date.now() : sent) + DISPATCH.trackingTtlMs }
    : undefined;
  return recipients.map((to, i) => ({
    name: 'raw',
    jobId: `order-${kind}-${event.id}-${i}`,
    job: { kind: 'raw', to, subject, html, text, ...(track ? { track } : {}) },
  }));
}

/**
 * At send time (domain/render.ts, in the worker): the placeholder replaced by
 * `{APP_URL}/dashboard/track?t=<token>`, the token signed now from the job's order id and expiry. The token lives
 * only in the mail handed to SMTP: never in the event, the job or a log line.
 */
export function fillTrackingLink(
  body: { html: string; text: string },
  track: { orderId: string; exp: number },
  env: { APP_URL: string; TRACKING_SECRET?: string },
): { html: string; text: string } {
  const token = signTrackingToken(track, env.TRACKING_SECRET);
  const link = `${env.APP_URL.replace(/\/+$/, '')}/dashboard/track?t=${encodeURIComponent(token)}`;
  return {
    html: body.html.replaceAll(TRACKING_LINK_PLACEHOLDER, link),
    text: body.text.replaceAll(TRACKING_LINK_PLACEHOLDER, link),
  };
}
