import { OrderStatus, Subjects, dayOf, type OrderNotice } from '@portal/contracts';
import type { NewEvent } from '@portal/service-kit';
import type { OrderConfig } from '../config.js';
import { adminEmails, memberOf, recipientsForLicences } from '../../readmodels/members.js';
import type { OrderDoc } from '../../models/order.js';
import { factsOf, type FactsSource } from './facts.js';

/**
 * What orders publishes (stream ORDERS) through the outbox on the Order document, in the same write as the change:
 * one builder per event, each payload an OrderNotice (contracts events.ts). Recipients are resolved here, at write
 * time, from F's members read model (users of the pickup or destination licence, alerts.email not false, not
 * deleted), and are [] when the config switch for that mail is off: alertNewOrders (created), exceptionEmails
 * (status 4), rejectionEmails (5, 6). Cancel adds the creator and the admins (orders §4). No signature images.
 */
type Doc = Pick<OrderDoc, '_id' | 'orderId' | 'data' | 'cancelReason' | 'user'> & FactsSource;
export interface NoticeCtx {
  appUrl: string;
  changedBy: { userId: string; name?: string };
}

export function noticeOf(
  doc: Doc,
  ctx: NoticeCtx,
  recipients: string[],
  previousStatus?: number,
): OrderNotice {
  const o = doc.data.order;
  const opt = <K extends string, V>(k: K, v: V | undefined | null | '') =>
    (v === undefined || v === null || v === '' ? {} : { [k]: v }) as Partial<Record<K, V>>;
  const facts = factsOf(doc);
  return {
    ...facts.order!,
    ...(previousStatus !== undefined ? { previousStatus } : {}),
    ...opt('cancelReason', doc.cancelReason),
    ...(o.rejected ? { rejected: o.rejected } : {}),
    ...opt('rejectedText', o.rejectedText),
    ...opt('exception', o.exception),
    changedBy: ctx.changedBy,
    recipients,
    link: `${ctx.appUrl.replace(/\/$/, '')}/order/${String(doc._id)}`,
    facts, // the whole state after the write: routing's and billing's read models
  };
}

const licenceUsers = (doc: Doc) =>
  recipientsForLicences([doc.data.order.pickupLN, doc.data.order.destinationLN]);

export async function createdEvents(doc: Doc, ctx: NoticeCtx, config: OrderConfig): Promise<NewEvent[]> {
  const to = config.alertNewOrders ? await licenceUsers(doc) : [];
  return [{ subject: Subjects.orderCreated, data: noticeOf(doc, ctx, to) }];
}

/** The switch that governs the mail of a status (exception, rejections); other statuses always mail. */
function statusMailOn(status: number, config: OrderConfig): boolean {
  if (status === OrderStatus.exception) return config.exceptionEmails;
  if (status === OrderStatus.fullRejection || status === OrderStatus.partialRejection)
    return config.rejectionEmails;
  return true;
}

/** An update: always `updated` (no mail); `status-changed` when the status moved; `date-unmet` when the approved
 * delivery day changed to a day other than the preferred one ("the preferred date cannot be met"). */
export async function updatedEvents(
  prev: Doc,
  doc: Doc,
  ctx: NoticeCtx,
  config: OrderConfig,
): Promise<NewEvent[]> {
  const events: NewEvent[] = [{ subject: Subjects.orderUpdated, data: noticeOf(doc, ctx, []) }];
  const [before, after] = [prev.data.order, doc.data.order];
  if (before.status !== after.status) {
    const to = statusMailOn(after.status, config) ? await licenceUsers(doc) : [];
    events.push({ subject: Subjects.orderStatusChanged, data: noticeOf(doc, ctx, to, before.status) });
  }
  const day = dayOf(after.deliveryDate);
  if (day && day !== dayOf(before.deliveryDate) && day !== dayOf(after.preferredDelivery))
    events.push({ subject: Subjects.orderDateUnmet, data: noticeOf(doc, ctx, await licenceUsers(doc)) });
  return events;
}

export async function cancelledEvents(doc: Doc, ctx: NoticeCtx, previousStatus: number): Promise<NewEvent[]> {
  const creator = await memberOf(doc.user);
  const to = new Set([...(await licenceUsers(doc)), ...(await adminEmails())]);
  if (creator?.email && creator.alertsEmail && !creator.deleted) to.add(creator.email.toLowerCase());
  return [{ subject: Subjects.orderCancelled, data: noticeOf(doc, ctx, [...to].sort(), previousStatus) }];
}

export function deletedEvent(doc: Doc, ctx: NoticeCtx, undeleted: boolean): NewEvent {
  return {
    subject: undeleted ? Subjects.orderUndeleted : Subjects.orderDeleted,
    data: noticeOf(doc, ctx, []),
  };
}
