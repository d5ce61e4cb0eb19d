import { answerSnapshots, keysetAfter, keysetPages, pageHead } from '@portal/service-kit';
import type { Bus, SnapshotRequest } from '@portal/service-kit';
import { STREAMS, Subjects, serviceDue, type VehicleData } from '@portal/contracts';
import { Driver } from '../models/driver.js';
import { Vehicle } from '../models/vehicle.js';

/** Drivers or vehicles per page (a few hundred bytes each). */
export const DISPATCH_PAGE = 500;

/**
 * Routing's dispatch read models asked for fleet's current drivers and vehicles: every live record as
 * `fleet.snapshot.published.v1` pages (drivers first, then vehicles), keyset by _id. Vehicles carry their service
 * kinds due now. A record deleted while routing was away stays in routing's copy (its id is only named by old
 * schedules; the lists are fed by delete events).
 */
export async function publishFleetSnapshot(
  bus: Pick<Bus, 'publish'>,
  req: SnapshotRequest,
  now = new Date(),
): Promise<number> {
  const head = pageHead(req, now.getTime());
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
  /** Every live record of `model` in pages keyset by _id (the kit's keysetPages), each published as `page(docs)`. */
  const publishAll = async (
    model: { find: (f: object) => any },
    page: (docs: any[]) => ReturnType<typeof driverPage> | ReturnType<typeof vehiclePage>,
  ) => {
    sent += await keysetPages(
      (key, limit) =>
        model
          .find(keysetAfter({ deleted: false }, key))
          .sort({ _id: 1 })
          .limit(limit)
          .lean(),
      DISPATCH_PAGE,
      (docs, n, last) =>
        bus
          .publish(Subjects.fleetSnapshotPublished, { ...head, page: n, last, ...page(docs) })
          .then(() => undefined),
    );
  };
  if (req.want.includes('drivers')) await publishAll(Driver, driverPage);
  if (req.want.includes('vehicles')) await publishAll(Vehicle, vehiclePage);
  return sent;
}

/**
 * Fleet's answer to every reader's snapshot request (the kit's answerSnapshots, of this instance's scope): routing
 * asks for drivers and vehicles, billing for drivers; each reader's pages name it, so the other skips them.
 */
export const snapshotAnswers = answerSnapshots({
  label: 'fleet snapshot published',
  has: ['drivers', 'vehicles'],
  answer: (bus, req) => publishFleetSnapshot(bus, req),
  requests: [
    {
      durable: 'fleet-dispatch-snapshot',
      stream: STREAMS.routing,
      subject: Subjects.dispatchSnapshotRequested,
    },
    {
      durable: 'fleet-billing-snapshot',
      stream: STREAMS.billing,
      subject: Subjects.billingSnapshotRequested,
    },
  ],
});
