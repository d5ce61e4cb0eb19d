import { answerSnapshots, keysetAfter, keysetPages, type Bus } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { Driver, type DriverDoc } from '../models/driver.js';

const PAGE = 500;

/**
 * Every current driver link, published again as `fleet.driver.linked.v1`: a reader whose read model is empty or
 * older than the FLEET stream (7 days) learns the links it missed. Readers apply links idempotently, so a
 * republished link changes nothing where it was known. Keyset by _id, one page of drivers in memory at a time.
 */
export async function republishDriverLinks(bus: Pick<Bus, 'publish'>): Promise<number> {
  let sent = 0;
  await keysetPages(
    (key, limit) =>
      Driver.find(keysetAfter({ deleted: false, userId: { $ne: '' } }, key), { userId: 1, email: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<Pick<DriverDoc, '_id' | 'userId' | 'email'>[]>(),
    PAGE,
    async (docs) => {
      for (const d of docs) {
        await bus.publish(Subjects.driverLinked, {
          driverId: String(d._id),
          userId: d.userId,
          email: d.email ?? '',
        });
        sent++;
      }
    },
  );
  return sent;
}

/**
 * orders.snapshot.requested.v1 asking for users → the driver links (a user fact fleet owns). Answered only for
 * requests of this instance's scope (the kit's answer), like accounts' snapshot answer.
 */
export const snapshotRequests = answerSnapshots({
  label: 'driver links republished',
  has: ['users'],
  answer: (bus) => republishDriverLinks(bus),
  requests: [
    { durable: 'fleet-snapshot-requests', stream: STREAMS.orders, subject: Subjects.snapshotRequested },
  ],
});
