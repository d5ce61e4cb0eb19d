import mongoose from 'mongoose';
import {
  DEFAULT_CANCEL_REASON,
  Deleted,
  OrderMessages as M,
  OrderStatus,
  Role,
  Subjects,
  canCancel,
  isStaff,
  type OrderCancelBody,
  type OrderCreateBody,
  type OrderSource,
  type OrderUpdateBody,
} from '@portal/contracts';
import { Problem, type NewEvent } from '@portal/service-kit';
import { Order, type OrderDoc } from '../models/order.js';
import { insertNumbered } from './order-ids.js';
import { listKeysOf } from './list-keys.js';
import { deleteRows, insertRow, writeRow } from './lists-store.js';
import { nextEntry, redactImages, type Change } from './ledger.js';
import { assertActive, writableOrder, type Caller } from './order-access.js';
import { emptyData, newOrderBase, prepareOrder } from './order-prepare.js';
import { autoApproval, autoApprover } from './order-autoapprove.js';
import { orderConfig } from './config.js';
import { recipientsForLicences } from '../readmodels/members.js';
import { gatePolicyOf, updateGate } from './custody-gate.js';
import { createGate, withOverrideEntry } from './order-custody.js';
import {
  cancelledEvents,
  deletedEvent,
  noticeOf,
  updatedEvents,
  type NoticeCtx,
} from './order-events/publishes.js';

/**
 * The single-order writes (orders §4–5, §7): create, update, cancel, delete, undelete. Each is ONE write of the
 * document carrying its list keys (listKeysOf), its ledger entry and its outbox events; an update is conditional on
 * the version the caller read ({_id, version}: FerretDB has no multi-document transactions, so the order is its own
 * unit), and a lost race is a 409 naming who changed it.
 */
export interface WriteDeps {
  routingUrl: string;
  appUrl: string;
  now?: Date;
}

const isVendorRole = (role: number) => !isStaff(role as never) && role !== Role.Driver;
const by = (c: Caller) => ({ userId: c.userId, name: c.name, role: c.role });
const ctxOf = (c: Caller, deps: WriteDeps): NoticeCtx => ({
  appUrl: deps.appUrl,
  changedBy: { userId: c.userId, name: c.name },
});

export async function createOrder(
  c: Caller,
  body: OrderCreateBody['order'],
  deps: WriteDeps,
): Promise<OrderDoc> {
  assertActive(c);
  const now = deps.now ?? new Date();
  // drivers place only Cash Pickup orders (orders §6)
  if (c.role === Role.Driver && body.data.order.orderType !== 'cash_pickup')
    throw new Problem(403, M.driverOnlyFields);
  // the new-order mail's recipients are read beside the checks' reads, so a create whose copies are cold waits one
  // round trip for both, not two; the licences are the input's (prepareOrder merges the input into an empty order
  // and never changes them)
  const lics = [body.data.order.pickupLN ?? '', body.data.order.destinationLN ?? ''];
  const recipients = orderConfig().then((cfg) => (cfg.alertNewOrders ? recipientsForLicences(lics) : []));
  recipients.catch(() => undefined); // awaited below; a failed check must not leave it unhandled
  // custody fields and a status past the initial ones are refused before anything else (order-custody.ts)
  const override = createGate(c, body.data.order, body.override);
  const { data, changes, config } = await prepareOrder(c, emptyData(), body.data, {
    creating: true,
    now,
    routing: { routingUrl: deps.routingUrl },
  });
  // a driver's Cash Pickup is theirs to run: they are its pickup driver (so it is in their list)
  if (c.role === Role.Driver)
    data.order.driver = { ...data.order.driver, pickup: c.driverIds[0] ?? c.userId };
  const to = await recipients;
  const created = await insertNumbered(async (orderId) => {
    const base = newOrderBase(new mongoose.Types.ObjectId(), orderId, c, data, now);
    const entry = nextEntry([], {
      at: now,
      by: by(c),
      source: body.source ?? 'form',
      action: 'created',
      changes: redactImages(changes),
    });
    const history = withOverrideEntry(entry, c, override, now);
    const created = { ...base, ...listKeysOf(base), history } as OrderDoc;
    // the document whole as built here (the bulk upload's shape: no mongoose casting), in one batched insert with
    // concurrent creates, and createdEvents' event (order-events/publishes.ts) with the recipients read above
    // its list row (models/order-row.ts) goes beside the order once the intent is written: one round trip's wait, not
    // two. If the order is not written, the row goes again: here on an error, or by the sweep's drop of the intent
    // after a crash (onIntentAbandoned in lists-store.ts). Its _id was minted above, so the row is this order's only.
    await Order.insertWithEvent(
      created as never,
      {
        subject: Subjects.orderCreated,
        data: noticeOf(base, ctxOf(c, deps), to),
      } as never,
      () => insertRow(created),
    ).catch(async (err: unknown) => {
      await deleteRows([created._id]).catch(() => undefined);
      throw err;
    });
    return created;
  });
  // orders.autoApprove: approved at once, as its own write like any approval (domain/order-autoapprove.ts)
  const approval = autoApproval(created, config, now);
  if (!approval) return created;
  return commit(
    autoApprover(c),
    created,
    {
      set: { data: approval.data, deliveryDate: approval.data.order.deliveryDate ?? '' },
      action: 'status',
      changes: approval.changes,
      source: body.source ?? 'form',
      events: (next) => updatedEvents(created, next, ctxOf(c, deps), config),
    },
    now,
  );
}

function assertLive(o: OrderDoc): void {
  if (o.deleted === Deleted.deleted) throw new Problem(409, M.orderDeleted);
  if (o.deleted === Deleted.canceled) throw new Problem(409, M.orderCancelled);
}

async function conflict(id: unknown): Promise<Problem> {
  const cur = await Order.findById(id).select({ updatedBy: 1 }).lean<{ updatedBy?: string }>();
  return new Problem(409, M.versionConflict(cur?.updatedBy || 'someone else'));
}

export interface Write {
  set: Partial<OrderDoc>;
  action: string;
  changes: Change[];
  source: OrderSource;
  events: (next: OrderDoc) => Promise<NewEvent[]>;
}

/**
 * One conditional write: the change, its list keys, version + 1, the ledger entry and the events. Every change of an
 * order goes through here (the custody steps too: domain/custody-write.ts).
 */
export async function commit(c: Caller, prev: OrderDoc, w: Write, now: Date): Promise<OrderDoc> {
  const meta = { version: prev.version + 1, lastUpdated: now, updatedBy: c.name };
  const merged = { ...prev, ...w.set, ...meta };
  const keys = listKeysOf(merged);
  const entry = nextEntry(prev.history ?? [], {
    at: now,
    by: by(c),
    source: w.source,
    action: w.action,
    changes: redactImages(w.changes),
  });
  const next = { ...merged, ...keys, history: [...(prev.history ?? []), entry] } as OrderDoc;
  const res = await Order.updateOneWithEvents(
    { _id: prev._id, version: prev.version },
    { $set: { ...w.set, ...meta, ...keys }, $push: { history: entry } },
    await w.events(next),
  );
  if (res.matchedCount === 0) throw await conflict(prev._id);
  await writeRow(next); // the list row follows the order (never an older version over a newer one)
  return next;
}

export async function updateOrder(
  c: Caller,
  body: OrderUpdateBody['order'],
  deps: WriteDeps,
): Promise<OrderDoc> {
  assertActive(c);
  const now = deps.now ?? new Date();
  const prev = await writableOrder(c, body.id);
  assertLive(prev);
  if (body.version !== prev.version) throw await conflict(prev._id);
  // vendors change their order while it waits (received, approved); on the road it is staff's and the driver's
  if (
    isVendorRole(c.role) &&
    prev.data.order.status !== OrderStatus.received &&
    prev.data.order.status !== OrderStatus.approved
  )
    throw new Problem(409, M.orderLocked);
  const { data, changes } = await prepareOrder(c, prev.data, body.data, {
    creating: false,
    now,
    routing: { routingUrl: deps.routingUrl },
  });
  if (!changes.length) return prev;
  const config = await orderConfig();
  // the custody gate holds on this path too: strict refuses (409), advisory records what was missing in this entry
  const gate = updateGate(prev, data, gatePolicyOf(config));
  const statusMoved = data.order.status !== prev.data.order.status;
  return commit(
    c,
    prev,
    {
      set: { data, deliveryDate: data.order.deliveryDate ?? '' },
      action: statusMoved ? 'status' : 'updated',
      changes: [...changes, ...gate],
      source: body.source ?? 'form',
      events: (next) => updatedEvents(prev, next, ctxOf(c, deps), config),
    },
    now,
  );
}

export async function cancelOrder(
  c: Caller,
  body: OrderCancelBody['order'],
  deps: WriteDeps,
): Promise<OrderDoc> {
  assertActive(c);
  const now = deps.now ?? new Date();
  const prev = await writableOrder(c, body.id);
  if (body.version !== undefined && body.version !== prev.version) throw await conflict(prev._id);
  // orders §4: no Cancel in the all-available mode either (such an order is arranged by hand: staff delete it)
  const state = { status: prev.data.order.status, deleted: prev.deleted };
  if (!canCancel(state, c.role, !!prev.data.order.showAllRoutes))
    throw new Problem(409, canCancel(state, c.role) ? M.cancelAllRoutes : M.cancelNotAllowed);
  const reason = body.cancelReason ?? DEFAULT_CANCEL_REASON;
  const from = prev.data.order.status;
  const data = { ...prev.data, order: { ...prev.data.order, status: OrderStatus.cancelled } };
  return commit(
    c,
    prev,
    {
      set: { data, deleted: Deleted.canceled, cancelReason: reason },
      action: 'cancelled',
      changes: [
        { path: 'data.order.status', from, to: OrderStatus.cancelled },
        { path: 'deleted', from: prev.deleted, to: Deleted.canceled },
        { path: 'cancelReason', from: prev.cancelReason, to: reason },
      ],
      source: 'form',
      events: (next) => cancelledEvents(next, ctxOf(c, deps), from),
    },
    now,
  );
}

/** Soft delete (1) and undelete (back to 0 from deleted or cancelled): staff only (orders §2, §6). */
export async function setDeleted(
  c: Caller,
  id: string,
  version: number | undefined,
  undelete: boolean,
  deps: WriteDeps,
): Promise<OrderDoc> {
  assertActive(c);
  if (!isStaff(c.role)) throw new Problem(403, M.staffOnlyField('deleted orders'));
  const now = deps.now ?? new Date();
  const prev = await writableOrder(c, id);
  if (version !== undefined && version !== prev.version) throw await conflict(prev._id);
  const to = undelete ? Deleted.no : Deleted.deleted;
  if (undelete ? prev.deleted === Deleted.no : prev.deleted === Deleted.deleted) return prev;
  return commit(
    c,
    prev,
    {
      set: { deleted: to },
      action: undelete ? 'undeleted' : 'deleted',
      changes: [{ path: 'deleted', from: prev.deleted, to }],
      source: 'form',
      events: async (next) => [deletedEvent(next, ctxOf(c, deps), undelete)],
    },
    now,
  );
}
