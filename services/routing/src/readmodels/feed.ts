import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mongoose, { Schema } from 'mongoose';
import { STREAMS, Subjects, type DispatchSnapshotRequestedData } from '@portal/contracts';
import { ordersAsOf } from './orders.js';
import { fleetAsOf } from './fleet.js';

/**
 * Filling the read models when empty or stale (README "Read models"): the ORDERS and FLEET streams keep events 7
 * days and routing's durables start at the process start, so a fresh database (or one that slept past the streams)
 * would never learn what orders and fleet already hold — the demo seed's orders among them. Routing then publishes
 * `routing.snapshot.requested.v1`; orders answers `orders.snapshot.published.v1` pages (orders delivered on or after
 * `fromDay`, deleted ones included so a delete is learnt) and fleet `fleet.snapshot.published.v1` (drivers,
 * vehicles). Pages apply like events (version- or time-guarded, idempotent). Asked again, doubling the wait, while
 * no page arrives (the owner down or restarting).
 */
export const REQUESTED_BY = 'routing';
/** Orders delivered this many days back are wanted (older days are history: the schedule shows one day). */
export const SNAPSHOT_DAYS_BACK = 30;
export const RETRY_FIRST_MS = 30_000;
const RETRIES = 5;

const markSchema = new Schema({ _id: String, asOf: Date, requestId: String }, { versionKey: false });
/** Which owner's snapshot this database applied whole, and as of when. */
export const FeedMark = mongoose.model('RoutingFeedMark', markSchema, 'read_feed_marks');

const answered = new Set<string>();
/** A page of this request arrived (the asker stops retrying it). */
export const noteAnswered = (requestId: string) => answered.add(requestId);

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
    const info = await app.bus.jsm.streams.info(stream);
    const oldest = info.state.messages
      ? new Date(info.state.first_ts)
      : new Date(Date.now() - Number(info.config.max_age) / 1e6);
    const asOf = [newest, marks.get(owner)!].filter((d): d is Date => !!d).reduce((a, b) => (a > b ? a : b));
    if (asOf < oldest) return ((reason ||= 'older than the stream'), true);
    return false;
  };
  if (await check('orders', STREAMS.orders, await ordersAsOf())) want.push('orders');
  if (await check('fleet', STREAMS.fleet, await fleetAsOf())) want.push('drivers', 'vehicles');
  return want.length ? { want, reason } : null;
}

export async function requestSnapshot(app: FastifyInstance, want: Want, now = new Date()): Promise<string> {
  const requestId = randomUUID();
  const scope = app.env.CONSUMER_SUFFIX ?? '';
  const from = new Date(now.getTime() - SNAPSHOT_DAYS_BACK * 86_400_000).toISOString().slice(0, 10);
  await app.bus.publish(Subjects.dispatchSnapshotRequested, {
    requestId,
    requestedBy: REQUESTED_BY,
    want,
    ...(want.includes('orders') ? { fromDay: from } : {}),
    ...(scope ? { scope } : {}),
  });
  return requestId;
}

/** Fastify plugin: once ready, asks for what fillWanted names, again while nothing answers. Never holds the start. */
export async function dispatchFeed(app: FastifyInstance): Promise<void> {
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      timer = setTimeout(r, ms);
      timer.unref();
    });
  const run = async () => {
    await app.bus.ready;
    // asked at every start, not only when empty or stale: the demo seeds (and any data fix) write without events,
    // and a page of known versions costs one read (events/orders-snapshot.ts skips them)
    const need = {
      want: ['orders', 'drivers', 'vehicles'] as Want,
      reason: (await fillWanted(app))?.reason ?? 'start',
    };
    for (let i = 0, wait = RETRY_FIRST_MS; i <= RETRIES && !closing; i++, wait *= 2) {
      const id = await requestSnapshot(app, need.want);
      app.log.info({ requestId: id, ...need, attempt: i + 1 }, 'dispatch snapshot requested');
      for (let t = 0; t < wait && !closing && !answered.has(id); t += 1000) await sleep(1000);
      if (answered.has(id) || closing) return;
    }
    app.log.warn('no snapshot answer; the dispatch read models fill from events only');
  };
  app.addHook('onReady', async () => {
    void run().catch((err) =>
      app.log.warn({ err: (err as Error).message }, 'dispatch snapshot not requested'),
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
  });
}
