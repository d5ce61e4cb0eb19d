import mongoose from 'mongoose';
import {
  OrderStatus,
  Subjects,
  applyTypeRules,
  billingMethodText,
  licenceKey,
  needsDateApproved,
  type OrderData,
} from '@portal/contracts';
import type { NewEvent } from '@portal/service-kit';
import { Order } from '../../models/order.js';
import { listKeysOf } from '../list-keys.js';
import { insertRows } from '../lists-store.js';
import { diff, nextEntry, redactImages } from '../ledger.js';
import { emptyData, newOrderBase } from '../order-prepare.js';
import { orderConfig, type OrderConfig } from '../config.js';
import { approvedNow } from '../order-autoapprove.js';
import { licencesByNumbers, type LicenceRecordView } from '../../readmodels/licences.js';
import { recipientsLookup } from '../../readmodels/members.js';
import { noticeOf } from '../order-events/publishes.js';
import { licenceCopy } from './check.js';
import type { BulkOrderInput } from './map.js';
import type { BulkCaller } from './caller.js';
import { pickupRouteFromLicence } from '../order-route-facts.js';

/** One checked row to write, with the `_id` and human id chosen (and claimed) before the write. */
export interface RowToWrite {
  row: number;
  input: BulkOrderInput;
  id: string;
  orderId: string;
}

/**
 * A new order's `data` from a checked row, as the single create builds it (A's order-prepare.ts): the definition's
 * default, contracts' type rules for the fields given, the licence copies, the billing text, dateApproved when an
 * internal order starts approved. The rules themselves ran in checkRows (contracts' validateOrder).
 */
export function bulkOrderData(
  input: BulkOrderInput,
  licences: Map<string, LicenceRecordView>,
  config: Pick<OrderConfig, 'isInternalDist'> & Partial<Pick<OrderConfig, 'autoApprove'>>,
  now: Date,
): OrderData {
  const data = emptyData();
  let o = { ...data.order, ...input.order, status: OrderStatus.received } as OrderData['order'];
  if (!input.order.orderDef && !config.isInternalDist) o.orderDef = 'ext';
  // the single create's order: a definition given without a type sets the type; a type sets the pickup type
  if (input.order.orderDef && !input.order.orderType) Object.assign(o, applyTypeRules(o, 'orderDef'));
  else if (input.order.orderType) Object.assign(o, applyTypeRules(o, 'orderType'));
  if (o.orderDef === 'int' && input.order.orderType) o.status = OrderStatus.approved;
  // orders.autoApprove: an uploaded order is created approved in its one write (as an internal one is)
  if (config.autoApprove && o.status === OrderStatus.received) o = approvedNow(o, now);
  if (needsDateApproved(o.status, o.dateApproved)) o.dateApproved = now.toISOString();
  const pickup = licences.get(licenceKey(o.pickupLN));
  const dest = licences.get(licenceKey(o.destinationLN));
  pickupRouteFromLicence(o, pickup ?? null, true); // the single create's: the licence record's pickup route
  const billing = { ...input.billing };
  if (billing.methodSelect) billing.method = billingMethodText(billing.methodSelect, billing.methodSelectId);
  return {
    ...data,
    order: o,
    pickupCompany: pickup ? licenceCopy(pickup) : {},
    destCompany: dest ? licenceCopy(dest) : {},
    billing,
  };
}

/**
 * Writes a batch of new orders in one insert: each a whole order document (list keys, the ledger's first entry with
 * source 'bulk', the `orders.order.created.v1` event in its outbox), as the single create writes it. Recipients are
 * looked up once per licence pair, not once per row. Answers the rows that failed (row → the server's text).
 */
export async function writeBulkOrders(
  rows: RowToWrite[],
  caller: BulkCaller,
  deps: { appUrl: string; now?: Date },
): Promise<Map<number, string>> {
  const failed = new Map<number, string>();
  if (!rows.length) return failed;
  const now = deps.now ?? new Date();
  const [licences, config] = await Promise.all([
    licencesByNumbers(rows.flatMap((r) => [r.input.order.pickupLN, r.input.order.destinationLN])),
    orderConfig(),
  ]);
  // the new-order mail's recipients: one read of the members of every licence in the batch
  const lookup = config.alertNewOrders
    ? await recipientsLookup(rows.flatMap((r) => [r.input.order.pickupLN, r.input.order.destinationLN]))
    : () => [];
  const by = { userId: caller.userId, name: caller.name, role: caller.role };
  const ctx = { appUrl: deps.appUrl, changedBy: { userId: caller.userId, name: caller.name } };
  const items: { doc: Record<string, unknown> & { _id: unknown }; event: NewEvent }[] = [];
  for (const r of rows) {
    const data = bulkOrderData(r.input, licences, config, now);
    const base = newOrderBase(new mongoose.Types.ObjectId(r.id), r.orderId, caller, data, now);
    const changes = redactImages(diff(emptyData(), data, 'data'));
    const entry = nextEntry([], { at: now, by, source: 'bulk', action: 'created', changes });
    const notice = noticeOf(base, ctx, lookup([data.order.pickupLN, data.order.destinationLN]));
    items.push({
      doc: { ...base, ...listKeysOf(base), history: [entry] },
      event: { subject: Subjects.orderCreated, data: notice } as NewEvent,
    });
  }
  // the driver's insert (the kit's insertManyWithEvents): the documents are whole already, and mongoose's casting of
  // 250 of them costs more than the write itself (measured: orders.bulk.5000 in README); the events wait as intents
  // (docs/DATA.md §5), so the relay never rewrites the orders to take them off
  const errors = await Order.insertManyWithEvents(items);
  // an error that names no document (the connection, the command) fails the batch, as before: the job retries it
  const whole = errors.find((e) => e && (e as { code?: number }).code === undefined);
  if (whole) throw whole;
  errors.forEach((e, i) => e && failed.set(rows[i]!.row, e.message));
  // the list rows of the orders written (models/order-row.ts), one insert
  await insertRows(items.filter((_, i) => !errors[i]).map((it) => it.doc));
  return failed;
}
