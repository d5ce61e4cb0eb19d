import { answerSnapshots, keysetAfter, keysetPages, pageHead } from '@portal/service-kit';
import type { Bus, SnapshotRequest } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { Route } from '../models/route.js';

/** Routes per page (id, name, deleted: tens of bytes each). */
export const ROUTES_PAGE = 500;

/** Every route, deleted ones too (old orders name them), as `routing.routes.published.v1` pages keyset by _id. */
export async function publishRoutesSnapshot(bus: Pick<Bus, 'publish'>, req: SnapshotRequest) {
  const head = pageHead(req);
  return keysetPages(
    (key, limit) =>
      Route.find(keysetAfter({}, key), { name: 1, deleted: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<{ _id: unknown; name: string; deleted?: boolean }[]>(),
    ROUTES_PAGE,
    async (docs, page, last) => {
      const routes = docs.map((r) => ({ id: String(r._id), name: r.name, deleted: !!r.deleted }));
      await bus.publish(Subjects.routesSnapshotPublished, { ...head, page, last, routes });
    },
  );
}

/** billing.snapshot.requested.v1 wanting routes, of this instance's scope (the kit's answer) → the pages. */
export const snapshotAnswers = answerSnapshots({
  label: 'routes snapshot published',
  has: ['routes'],
  answer: publishRoutesSnapshot,
  requests: [
    {
      durable: 'routing-billing-snapshot',
      stream: STREAMS.billing,
      subject: Subjects.billingSnapshotRequested,
    },
  ],
});
