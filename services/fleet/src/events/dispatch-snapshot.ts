import { defineConsumer, type Bus } from '@portal/service-kit';
import {
  STREAMS,
  Subjects,
  serviceDue,
  type DispatchSnapshotRequestedData,
  type VehicleData,
} from '@portal/contracts';
import { Driver } from '../models/driver.js';
import { Vehicle } from '../models/vehicle.js';

/** Drivers or vehicles per page (a few hundred bytes each). */
export const DISPATCH_PAGE = 500;
/** `asOf` this much before the first read: an event committed meanwhile is newer and wins. */
export const DISPATCH_MARGIN_MS = 5_000;

/**
 * Routing's dispatch read models asked for fleet's current drivers and vehicles (issue 14): every live record as
 * `fleet.snapshot.published.v1` pages (drivers first, then vehicles), keyset by _id. Vehicles carry their service
 * kinds due now. A record deleted while routing was away stays in routing's copy (its id is only named by old
 * schedules; the lists are fed by delete events).
 */
export async function publishFleetSnapshot(
  bus: Pick<Bus, 'publish'>,
  req: DispatchSnapshotRequestedData,
  now = new Date(),
): Promise<number> {
  const head = {
    requestId: req.requestId,
    requestedBy: req.requestedBy,
    ...(req.scope ? { scope: req.scope } : {}),
    asOf: new Date(now.getTime() - DISPATCH_MARGIN_MS).toISOString(),
  };
  const driverPage = (docs: any[]) => ({
    kind: 'drivers' as const,
    drivers: docs.map((d) => ({
      id: String(d._id),
      name: d.name,
      email: d.email ?? '',
      ...(d.userId ? { userId: d.userId } : {}),
    })),
  });
  const vehiclePage = (docs: any[]) => ({
    kind: 'vehicles' as const,
    vehicles: docs.map((v) => ({
      id: String(v._id),
      name: v.name,
      lic: v.lic ?? '',
      status: v.status === 0 ? (0 as const) : (1 as const),
      due: serviceDue({ mileage: Number(v.mileage ?? 0), data: (v.data ?? {}) as VehicleData }, now).map(
        (d) => d.kind,
      ),
    })),
  });
  let sent = 0;
  /** Every live record of `model` in pages keyset by _id, each published as `page(docs)`. */
  const publishAll = async (
    model: { find: (f: object) => any },
    page: (docs: any[]) => ReturnType<typeof driverPage> | ReturnType<typeof vehiclePage>,
  ) => {
    let after: unknown;
    for (let n = 0; ; n++) {
      const docs: any[] = await model
        .find({ deleted: false, ...(after ? { _id: { $gt: after } } : {}) })
        .sort({ _id: 1 })
        .limit(DISPATCH_PAGE)
        .lean();
      const last = docs.length < DISPATCH_PAGE;
      await bus.publish(Subjects.fleetSnapshotPublished, { ...head, page: n, last, ...page(docs) });
      sent++;
      if (last) return;
      after = docs[docs.length - 1]!._id;
    }
  };
  if (req.want.includes('drivers')) await publishAll(Driver, driverPage);
  if (req.want.includes('vehicles')) await publishAll(Vehicle, vehiclePage);
  return sent;
}

/** routing.snapshot.requested.v1 wanting drivers or vehicles, of this instance's scope → the pages. */
export const dispatchSnapshotConsumer = defineConsumer({
  durable: 'fleet-dispatch-snapshot',
  stream: STREAMS.routing,
  subjects: [Subjects.dispatchSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '')) return;
    if (!req.want.includes('drivers') && !req.want.includes('vehicles')) return;
    const pages = await publishFleetSnapshot(app.bus, req);
    log.info({ requestId: req.requestId, by: req.requestedBy, pages }, 'fleet snapshot published');
  },
});
