import { defineConsumer, type Bus } from '@portal/service-kit';
import { STREAMS, Subjects, type BillingSnapshotRequestedData } from '@portal/contracts';
import { Route } from '../models/route.js';

/** Routes per page (id, name, deleted: tens of bytes each). */
export const ROUTES_PAGE = 500;

/** Every route, deleted ones too (old orders name them), as `routing.routes.published.v1` pages keyset by _id. */
export async function publishRoutesSnapshot(bus: Pick<Bus, 'publish'>, req: BillingSnapshotRequestedData) {
  const head = {
    requestId: req.requestId,
    requestedBy: req.requestedBy,
    ...(req.scope ? { scope: req.scope } : {}),
    asOf: new Date(Date.now() - 5_000).toISOString(),
  };
  let after: unknown;
  for (let page = 0; ; page++) {
    const docs = await Route.find(after ? { _id: { $gt: after } } : {}, { name: 1, deleted: 1 })
      .sort({ _id: 1 })
      .limit(ROUTES_PAGE)
      .lean<{ _id: unknown; name: string; deleted?: boolean }[]>();
    const last = docs.length < ROUTES_PAGE;
    const routes = docs.map((r) => ({ id: String(r._id), name: r.name, deleted: !!r.deleted }));
    await bus.publish(Subjects.routesSnapshotPublished, { ...head, page, last, routes });
    if (last) return page + 1;
    after = docs[docs.length - 1]!._id;
  }
}

/** billing.snapshot.requested.v1 wanting routes, of this instance's scope (CONSUMER_SUFFIX) → the pages. */
export const billingSnapshotConsumer = defineConsumer({
  durable: 'routing-billing-snapshot',
  stream: STREAMS.billing,
  subjects: [Subjects.billingSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('routes')) return;
    const pages = await publishRoutesSnapshot(app.bus, { ...req, requestedBy: 'billing' });
    log.info({ requestId: req.requestId, by: 'billing', pages }, 'routes snapshot published');
  },
});
