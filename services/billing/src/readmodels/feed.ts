import { STREAMS, Subjects, orderSliceOf } from '@portal/contracts';
import { applyNewer, snapshotFeed } from '@portal/service-kit';
import { NameModel, OrderProjection } from './order-projection.js';
import { applyName, applyOrder } from './store.js';
import { applyMember } from './members.js';

/**
 * Filling an empty or stale projection, on the kit's feed: the streams keep events 7 days and a new durable starts
 * at the process start, so a fresh database (or one asleep past the streams) never learns what the others already
 * hold. Billing then publishes `billing.snapshot.requested.v1` (orders, users, drivers, routes); the answers' pages
 * are applied below like events (orders by the version rule; members as of the page's `asOf`; names last-write).
 */
export const feed = snapshotFeed({
  requestedBy: 'billing',
  subject: Subjects.billingSnapshotRequested,
  label: 'billing snapshot',
});
export const REQUESTED_BY = feed.requestedBy;
/** The streams' age: a fill older than this may have missed events. */
export const STALE_MS = 7 * 86_400_000;
/** When the last requested snapshot was answered: a NameModel row of its own kind (never a name). */
const FEED_ID = 'feed:snapshot';

/**
 * The stored shape's marker (a NameModel row `feed:shape`, `shape: 2` = slim documents, order-projection.ts).
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
  const mark = await NameModel.findById(FEED_ID).lean<{ updatedAt: string }>();
  if (!mark) return 'never filled';
  return now - Date.parse(mark.updatedAt) > STALE_MS ? 'older than 7 days' : null;
}

const WANT = { want: ['orders', 'users', 'drivers', 'routes'] } as const;
export const requestSnapshot = (app: Parameters<typeof feed.request>[0]) =>
  feed.request(app, { want: [...WANT.want] });

const ask = feed.plugin(
  async (app) => {
    if ((await ensureShape()) === 'emptied')
      app.log.info('old-shape projection emptied; refilling from a snapshot');
    const reason = await fillReason();
    return reason ? { reason, body: { want: [...WANT.want] } } : null;
  },
  {
    answered: async () => {
      const at = new Date().toISOString();
      await NameModel.updateOne(
        { _id: FEED_ID },
        { $set: { kind: 'feed', updatedAt: at } },
        { upsert: true },
      );
    },
  },
);
/** Route plugin: once ready, asks when fillReason says so (unless BILLING_SNAPSHOT is 'off'). */
export async function projectionFeed(app: Parameters<typeof ask>[0]): Promise<void> {
  if (app.env.BILLING_SNAPSHOT !== 'off') await ask(app);
}

/** orders.snapshot.published.v1 pages → the projection (only newer versions, or a partial copy's own). */
export const projectionOrdersSnapshotConsumer = feed.pages({
  durable: 'billing-projection-orders-snapshot',
  stream: STREAMS.orders,
  subject: Subjects.ordersSnapshotPublished,
  async handle(p, { log }) {
    const applied = await applyNewer(OrderProjection, p.orders, (o) => applyOrder(orderSliceOf(o), o.facts));
    log.info({ requestId: p.requestId, page: p.page, applied, last: p.last }, 'orders snapshot page applied');
  },
});

/** accounts' user pages → members as of the page's `asOf` (an event newer than it wins). */
export const projectionUsersSnapshotConsumer = feed.pages({
  durable: 'billing-projection-users-snapshot',
  stream: STREAMS.accounts,
  subject: Subjects.snapshotPublished,
  async handle(p) {
    if (p.kind !== 'users') return;
    const asOf = new Date(p.asOf);
    for (const u of p.users ?? []) await applyMember(u, asOf);
  },
});

export const projectionDriversSnapshotConsumer = feed.pages({
  durable: 'billing-projection-drivers-snapshot',
  stream: STREAMS.fleet,
  subject: Subjects.fleetSnapshotPublished,
  async handle(p) {
    if (p.kind !== 'drivers') return;
    for (const d of p.drivers ?? []) await applyName('driver', d.id, d.name, false, p.asOf);
  },
});

export const projectionRoutesSnapshotConsumer = feed.pages({
  durable: 'billing-projection-routes-snapshot',
  stream: STREAMS.routing,
  subject: Subjects.routesSnapshotPublished,
  async handle(p) {
    for (const r of p.routes) await applyName('route', r.id, r.name, r.deleted, p.asOf);
  },
});
