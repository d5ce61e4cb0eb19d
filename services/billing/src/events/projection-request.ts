import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Subjects, type BillingSnapshotRequestedData } from '@portal/contracts';
import { NameModel, OrderProjection } from '../models/order-projection.js';

/**
 * Filling an empty or stale projection (as orders' accounts-snapshot.ts): the streams keep events 7 days and a new
 * durable starts at the process start, so a fresh database (or one asleep past the streams) never learns what the
 * others already hold. Billing then publishes `billing.snapshot.requested.v1` (orders, users, drivers, routes); the
 * answers' pages are applied by projection-orders.ts / projection-snapshots.ts like events.
 */
export const REQUESTED_BY = 'billing';
const WANT: BillingSnapshotRequestedData['want'] = ['orders', 'users', 'drivers', 'routes'];
/** The streams' age: a fill older than this may have missed events. */
export const STALE_MS = 7 * 86_400_000;
export const RETRY_FIRST_MS = 30_000;
const RETRIES = 5;
/** When the last requested snapshot was answered: a NameModel row of its own kind (never a name). */
const FEED_ID = 'feed:snapshot';

const answered = new Set<string>();
export function noteAnswered(requestId: string): void {
  answered.add(requestId);
}

/**
 * The stored shape's marker (a NameModel row `feed:shape`, `shape: 2` = slim documents, models/order-projection.ts).
 * A database without it holds the old full documents (or nothing): the projection is emptied once and the snapshot
 * below refills it in the slim shape. A marker, not `findOne({r: {$exists: false}})`: FerretDB pushes down only
 * equality, so that probe would decode the whole collection when every document is already slim.
 */
const SHAPE_ID = 'feed:shape';
export const SHAPE = 2;
export async function ensureShape(): Promise<'ok' | 'emptied'> {
  const mark = await NameModel.collection.findOne({ _id: SHAPE_ID as never }, { projection: { shape: 1 } });
  if (mark?.shape === SHAPE) return 'ok';
  const had = !!(await OrderProjection.findOne({}, { _id: 1 }).lean());
  if (had) await OrderProjection.deleteMany({});
  await NameModel.collection.updateOne(
    { _id: SHAPE_ID as never },
    { $set: { kind: 'feed', shape: SHAPE, updatedAt: new Date().toISOString() } },
    { upsert: true },
  );
  return had ? 'emptied' : 'ok';
}

/** Why the projection needs a snapshot, or null. */
export async function fillReason(now = Date.now()): Promise<string | null> {
  if (!(await OrderProjection.findOne({}, { _id: 1 }).lean())) return 'empty';
  const feed = await NameModel.findById(FEED_ID).lean<{ updatedAt: string }>();
  if (!feed) return 'never filled';
  return now - Date.parse(feed.updatedAt) > STALE_MS ? 'older than 7 days' : null;
}

export async function requestSnapshot(app: FastifyInstance): Promise<string> {
  const requestId = randomUUID();
  const scope = app.env.CONSUMER_SUFFIX ?? '';
  await app.bus.publish(Subjects.billingSnapshotRequested, {
    requestId,
    requestedBy: REQUESTED_BY,
    want: WANT,
    ...(scope ? { scope } : {}),
  });
  return requestId;
}

/** Route plugin: once ready, asks when fillReason says so, again (doubling the wait) while no page arrives. */
export async function projectionFeed(app: FastifyInstance): Promise<void> {
  if (app.env.BILLING_SNAPSHOT === 'off') return;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      timer = setTimeout(r, ms);
      timer.unref();
    });
  const run = async () => {
    await app.bus.ready;
    if ((await ensureShape()) === 'emptied')
      app.log.info('old-shape projection emptied; refilling from a snapshot');
    const reason = await fillReason();
    if (!reason) return;
    for (let i = 0, wait = RETRY_FIRST_MS; i <= RETRIES && !closing; i++, wait *= 2) {
      const id = await requestSnapshot(app);
      app.log.info({ requestId: id, reason, attempt: i + 1 }, 'billing snapshot requested');
      for (let t = 0; t < wait && !closing && !answered.has(id); t += 1000) await sleep(1000);
      if (answered.has(id)) {
        const at = new Date().toISOString();
        await NameModel.updateOne(
          { _id: FEED_ID },
          { $set: { kind: 'feed', updatedAt: at } },
          { upsert: true },
        );
        return;
      }
    }
    if (!closing)
      app.log.warn('no answer to the billing snapshot request; the projection fills from events only');
  };
  app.addHook('onReady', async () => {
    void run().catch((err) =>
      app.log.warn({ err: (err as Error).message }, 'billing snapshot not requested'),
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
  });
}
