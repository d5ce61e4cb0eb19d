import {
  ORDER_STATUS_NAMES,
  ORDER_TYPES,
  REJECTION_REASONS,
  type OrderNotice,
  type OrderStatusNumber,
} from '@portal/contracts';
import { escapeHtml } from './escape.js';
import { button, htmlFrame } from './layout.js';
import type { Mail } from './mail.js';

/**
 * The orders mails (orders §4 "Notification emails on save"): new order, exception, full rejection,
 * partial rejection, any other status, cancelled, and "the preferred date cannot be met". The spec words no subject
 * or body: these are decided here (services/notifications README). Every mail names the order, vendor and
 * destination, the dates it has, the status and reason, and links to the order ({APP_URL}/order/{id}).
 */
export type OrderMailKind =
  'created' | 'exception' | 'full-rejection' | 'partial-rejection' | 'status' | 'cancelled' | 'date-unmet';

const statusName = (s: number) => ORDER_STATUS_NAMES[s as OrderStatusNumber] ?? `Status ${s}`;

export const ORDER_MAIL_SUBJECTS: Record<OrderMailKind, (n: OrderNotice) => string> = {
  created: (n) => `New order ${n.orderId}: ${n.vendorName} to ${n.destName}`,
  exception: (n) => `Order ${n.orderId}: an exception was reported`,
  'full-rejection': (n) => `Order ${n.orderId} was rejected`,
  'partial-rejection': (n) => `Order ${n.orderId} was partially rejected`,
  status: (n) => `Order ${n.orderId} is now ${statusName(n.status)}`,
  cancelled: (n) => `Order ${n.orderId} was cancelled`,
  'date-unmet': (n) => `Order ${n.orderId}: the preferred date cannot be met`,
};

const LEADS: Record<OrderMailKind, (n: OrderNotice) => string> = {
  created: () => 'A new order was placed.',
  exception: () => 'An exception was reported on this order.',
  'full-rejection': () => 'This order was rejected in full by the receiver.',
  'partial-rejection': () => 'This order was partially rejected by the receiver.',
  status: (n) =>
    n.previousStatus !== undefined
      ? `This order's status changed from ${statusName(n.previousStatus)} to ${statusName(n.status)}.`
      : `This order's status is now ${statusName(n.status)}.`,
  cancelled: () => 'This order was cancelled.',
  'date-unmet': (n) =>
    `The preferred date cannot be met. The delivery is now planned for ${day(n.deliveryDate) || 'a date to be confirmed'}.`,
};

/** An ISO date as "Mon, Nov 23, 2026" (UTC: the portal's dates are days, stored at noon). '' when absent. */
export function day(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The facts the mail lists, in order; empty ones are left out. Pure. */
export function orderFacts(kind: OrderMailKind, n: OrderNotice): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Order', n.orderId],
    ['Vendor', `${n.vendorName} (${n.pickupLN})`],
    ['Destination', `${n.destName} (${n.destinationLN})`],
    ['Order type', ORDER_TYPES[n.orderType as keyof typeof ORDER_TYPES] ?? n.orderType],
    ['Status', statusName(n.status)],
    ['Preferred delivery', day(n.preferredDelivery)],
    ['Delivery date', day(n.deliveryDate)],
    ['Pickup date', day(n.pickupDate)],
  ];
  if (kind === 'full-rejection' || kind === 'partial-rejection') {
    rows.push(['Reason', n.rejected ? REJECTION_REASONS[n.rejected] : undefined]);
    rows.push(['Details', n.rejectedText]);
  }
  if (kind === 'exception') rows.push(['Exception notes', n.exception]);
  if (kind === 'cancelled') rows.push(['Reason', n.cancelReason || 'Other']);
  if (n.changedBy.name) rows.push([kind === 'created' ? 'Placed by' : 'Changed by', n.changedBy.name]);
  return rows.filter((r): r is [string, string] => !!r[1]);
}

/**
 * The In Transit mail's tracking link. The job holds this placeholder (no secret in Redis); the worker signs
 * the token and puts the link in when it sends (domain/order-mails.ts fillTrackingLink).
 */
export const TRACKING_LINK_PLACEHOLDER = '__PORTAL_TRACKING_LINK__';

/** The mail of one kind for one notice: subject, HTML and plain text with the same facts and link. Pure. */
export function orderMail(kind: OrderMailKind, n: OrderNotice, trackingLink?: string): Mail {
  const subject = ORDER_MAIL_SUBJECTS[kind](n);
  const lead = LEADS[kind](n);
  const facts = orderFacts(kind, n);
  const text = `Hello,

${lead}

${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}

Open the order: ${n.link}
${trackingLink ? `\nFollow the delivery (no sign-in needed): ${trackingLink}\n` : ''}
— The Portal team
`;
  const row = ([k, v]: [string, string]) =>
    `<tr><td style="padding:2px 12px 2px 0"><strong>${escapeHtml(k)}</strong></td><td>${escapeHtml(v)}</td></tr>`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>${escapeHtml(lead)}</p>
  <table style="border-collapse:collapse">
    ${facts.map(row).join('\n    ')}
  </table>
  ${button(n.link, 'Open the order')}${
    trackingLink
      ? `\n  <p>Follow the delivery, no sign-in needed:</p>\n  ${button(trackingLink, 'Track the delivery')}`
      : ''
  }`);
  return { subject, html, text };
}
