import type { FastifyInstance } from 'fastify';
import mongoose, { Schema } from 'mongoose';
import { STREAMS, Subjects, type DispatchSnapshotRequestedData } from '@portal/contracts';
import { applyNewer, snapshotFeed, streamReach } from '@portal/service-kit';
import { ReadOrderModel, applyOrder, ordersAsOf } from './orders.js';
import { applyDriver, applyVehicle, fleetAsOf } from './fleet.js';

/**
 * Filling the read models when empty or stale, on the kit's feed (README "Read models"): the ORDERS and FLEET
 * streams keep events 7 days and routing's durables start at the process start, so a fresh database would never
 * learn what orders and fleet already hold — the demo seed's orders among them. Routing publishes
 * `routing.snapshot.requested.v1`; orders answers `orders.snapshot.published.v1` pages (orders delivered on or after
 * `fromDay`, deleted ones included so a delete is learnt) and fleet `fleet.snapshot.published.v1` (drivers,
 * vehicles). Pages apply like events (version- or time-guarded, idempotent).
 */
export const feed = snapshotFeed({
  requestedBy: 'routing',
  subject: Subjects.dispatchSnapshotRequested,
  label: 'dispatch snapshot',
});
export const REQUESTED_BY = feed.requestedBy;
/** Orders delivered this many days back are wanted (older days are history: the schedule shows one day). */
export const SNAPSHOT_DAYS_BACK = 30;

const markSchema = new Schema({ _id: String, asOf: Date, requestId: String }, { versionKey: false });
/** Which owner's snapshot this database applied whole, and as of when. */
export const FeedMark = mongoose.model('RoutingFeedMark', markSchema, 'read_feed_marks');

export async function markFilled(owner: 'orders' | 'fleet', asOf: Date, requestId: string): Promise<void> {
  await FeedMark.updateOne({ _id: owner }, { $set: { asOf, requestId } }, { upsert: true });
}

type Want = DispatchSnapshotRequestedData['want'];
/**
 * What must be asked for, and why: an owner never filled whole; or the newest fact is older than the oldest event
 * its stream still holds (events in between may have expired unseen).
 */
export async function fillWanted(app: FastifyInstance): Promise<{ want: Want; reason: string } | null> {
  const marks = new Map(
    (await FeedMark.find({}).lean<{ _id: string; asOf: Date }[]>()).map((m) => [m._id, m.asOf]),
  );
  const want: Want = [];
  let reason = '';
  const check = async (owner: 'orders' | 'fleet', stream: string, newest: Date | null) => {
    if (!marks.has(owner)) return ((reason ||= 'never filled'), true);
    const asOf = [newest, marks.get(owner)!].filter((d): d is Date => !!d).reduce((a, b) => (a > b ? a : b));
    if (asOf < (await streamReach(app, stream))) return ((reason ||= 'older than the stream'), true);
    return false;
  };
  if (await check('orders', STREAMS.orders, await ordersAsOf())) want.push('orders');
  if (await check('fleet', STREAMS.fleet, await fleetAsOf())) want.push('drivers', 'vehicles');
  return want.length ? { want, reason } : null;
}

const requestOf = (want: Want, now = new Date()) => ({
  want,
  ...(want.includes('orders')
    ? { fromDay: new Date(now.getTime() - SNAPSHOT_DAYS_BACK * 86_400_000).toISOString().slice(0, 10) }
    : {}),
});
export const requestSnapshot = (app: FastifyInstance, want: Want, now = new Date()) =>
  feed.request(app, requestOf(want, now));

/**
 * Fastify plugin: asks at every start, not only when empty or stale: the demo seeds (and any data fix) write
 * without events, and a page of known versions costs one read (the page consumer below skips them).
 */
export const dispatchFeed = feed.plugin(async (app) => ({
  reason: (await fillWanted(app))?.reason ?? 'start',
  body: requestOf(['orders', 'drivers', 'vehicles']),
}));

/** orders.snapshot.published.v1 pages → the orders read model (only newer versions, or a partial copy's own). */
export const ordersSnapshotConsumer = feed.pages({
  durable: 'routing-orders-snapshot',
  stream: STREAMS.orders,
  subject: Subjects.ordersSnapshotPublished,
  async handle(p, { log }) {
    await applyNewer(ReadOrderModel, p.orders, (o) => applyOrder(o));
    if (!p.last) return;
    await markFilled('orders', new Date(p.asOf), p.requestId);
    log.info({ requestId: p.requestId, pages: p.page + 1 }, 'orders snapshot applied');
  },
});

/**
 * fleet.snapshot.published.v1 pages → the fleet read model, applied as of the snapshot's `asOf` (an event newer
 * than it wins). The fleet is filled once the vehicles' last page arrived (fleet sends drivers first).
 */
export const fleetSnapshotConsumer = feed.pages({
  durable: 'routing-fleet-snapshot',
  stream: STREAMS.fleet,
  subject: Subjects.fleetSnapshotPublished,
  async handle(p, { log }) {
    const at = new Date(p.asOf);
    for (const d of p.drivers ?? []) await applyDriver({ action: 'updated', driver: d }, at);
    for (const v of p.vehicles ?? []) await applyVehicle({ action: 'updated', vehicle: v }, at);
    if (!p.last || p.kind !== 'vehicles') return;
    await markFilled('fleet', at, p.requestId);
    log.info({ requestId: p.requestId }, 'fleet snapshot applied');
  },
});
