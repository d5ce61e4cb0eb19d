import mongoose from 'mongoose';
import {
  Deleted,
  ORDER_STATUS_NAMES,
  OrderStatus,
  type MetrcOrderResult,
  type OrderStatusNumber,
} from '@portal/contracts';
import type { MetrcClient, MetrcTransfer } from '../../adapters/metrc/client.js';
import { Order, type OrderDoc } from '../../models/order.js';
import { compareOrder, deliveryFor, type FoundTransfer, type SyncOrder } from './compare.js';
import { daysOf, syncOrderOf, windowsOf } from './plan.js';
import { recordSynced } from './record.js';
import { MetrcSync, type StoredSync } from './store.js';

export interface SyncDeps {
  client: MetrcClient;
  now?: Date;
  /** Called after each order with done and total (the job's BullMQ progress). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /** Called as Metrc's transfer lists come in (the phase before the orders), with lists read and to read. */
  onListProgress?: (done: number, total: number) => Promise<void> | void;
  /**
   * Stops every other Metrc call of the run at once (the client's signal) when one failed for good: the run is
   * over, and calls left running would only load a Metrc that is already failing.
   */
  cancel?: (reason: Error) => void;
}

/** What the run found (counts only: the job's return value and log line). */
export interface SyncSummary {
  total: number;
  synced: number;
  mismatch: number;
  notFound: number;
  recorded: number;
}

/**
 * One Sync Manifests run (the job): the orders of the stored request (delivery days from..to, or ids), Metrc's
 * outgoing transfers of their pickup licences over the windows around those days (indexed by manifest number),
 * then per order its transfer's delivery and packages, compared (compare.ts), and for a synced order the custody
 * step 'metrc-synced' (record.ts, once). Progress and results are written to `metrcsyncs` as it goes. A Metrc
 * failure that outlasts the client's retries fails the run (the results so far are kept).
 */
export async function runSync(syncId: string, deps: SyncDeps): Promise<SyncSummary> {
  const now = deps.now ?? new Date();
  const s = await MetrcSync.findById(syncId).lean<StoredSync>();
  if (!s) throw new Error(`no metrc sync ${syncId}`);
  const orders = (await ordersOf(s)).map(syncOrderOf);
  const total = orders.length;
  // total 0 while Metrc's transfer lists are read (the browser says so), then the orders one by one
  await MetrcSync.updateOne({ _id: syncId }, { $set: { state: 'active', total: 0, done: 0, results: [] } });
  const byManifest = await transfersOf(deps, orders, now).catch((err: Error) => {
    deps.cancel?.(err);
    throw err;
  });
  await MetrcSync.updateOne({ _id: syncId }, { $set: { total } });
  const results: MetrcOrderResult[] = [];
  // once a Metrc call failed for good the run is over: the orders still waiting skip their calls
  let broken = false;
  const stop = (err: unknown): never => {
    broken = true;
    deps.cancel?.(err as Error);
    throw err;
  };
  let lastWrite = 0;
  const progress = async (force = false) => {
    if (!force && results.length - lastWrite < 5 && results.length < total) return;
    lastWrite = results.length;
    await MetrcSync.updateOne({ _id: syncId }, { $set: { done: results.length, results } });
    await deps.onProgress?.(results.length, total);
  };
  await Promise.all(
    orders.map(async (o) => {
      const found = byManifest.get(o.manifestNo);
      const details = found && !broken && (await detailsOf(deps.client, found, o).catch(stop));
      if (broken) return;
      const r = compareOrder(o, details || undefined, statusName(o.status));
      if (r.result === 'synced') r.recorded = await recordSynced(s.caller, o.id, r, syncId);
      results.push(r);
      await progress();
    }),
  );
  results.sort((a, b) => a.orderId.localeCompare(b.orderId));
  await progress(true);
  await MetrcSync.updateOne(
    { _id: syncId },
    { $set: { state: 'completed', done: total, results, finishedAt: new Date() } },
  );
  const n = (k: MetrcOrderResult['result']) => results.filter((r) => r.result === k).length;
  return {
    total,
    synced: n('synced'),
    mismatch: n('mismatch'),
    notFound: n('not-found'),
    recorded: results.filter((r) => r.recorded).length,
  };
}

const statusName = (s: number) => ORDER_STATUS_NAMES[s as OrderStatusNumber] ?? String(s);

/** The live orders of the request: by id (database id or orderId) or by delivery day; never deleted or cancelled. */
async function ordersOf(s: StoredSync): Promise<OrderDoc[]> {
  const projection = { history: 0, _outbox: 0 };
  let found: OrderDoc[];
  if (s.orderIds.length) {
    const oids = s.orderIds.filter((id) => mongoose.isObjectIdOrHexString(id));
    const [a, b] = await Promise.all([
      Order.find({ orderId: { $in: s.orderIds } }, projection).lean<OrderDoc[]>(),
      oids.length ? Order.find({ _id: { $in: oids } }, projection).lean<OrderDoc[]>() : [],
    ]);
    found = [...new Map([...a, ...b].map((o) => [String(o._id), o])).values()];
  } else {
    found = await Order.find({ deliveryDay: { $in: daysOf(s.from, s.to) } }, projection).lean<OrderDoc[]>();
  }
  return found.filter((o) => o.deleted === Deleted.no && o.status !== OrderStatus.cancelled);
}

/** Metrc's outgoing transfers of the orders' pickup licences around their delivery days, by manifest number. */
async function transfersOf(deps: SyncDeps, orders: SyncOrder[], now: Date) {
  const withNo = orders.filter((o) => o.manifestNo && o.pickupLN);
  const licences = [...new Set(withNo.map((o) => o.pickupLN))];
  const days = [...new Set(withNo.map((o) => o.day).filter(Boolean))];
  const windows = windowsOf(days, now);
  const calls = licences.length * windows.length;
  let read = 0;
  const lists = await Promise.all(
    licences.flatMap((lic) =>
      windows.map(async (w) => {
        const list = await deps.client.outgoing(lic, w.start, w.end);
        await deps.onListProgress?.(++read, calls);
        return list;
      }),
    ),
  );
  const byManifest = new Map<string, MetrcTransfer>();
  for (const t of lists.flat()) {
    const prev = byManifest.get(t.ManifestNumber);
    // the newest version of a transfer wins (a transfer modified on two days is listed in both windows)
    if (!prev || Date.parse(t.LastModified) >= Date.parse(prev.LastModified))
      byManifest.set(t.ManifestNumber, t);
  }
  return byManifest;
}

async function detailsOf(client: MetrcClient, transfer: MetrcTransfer, o: SyncOrder): Promise<FoundTransfer> {
  const delivery = deliveryFor(await client.deliveries(transfer.Id), o.destinationLN);
  const packages = delivery ? await client.packages(delivery.Id) : [];
  return { transfer, delivery, packages };
}
