import { defineConsumer, type Bus } from '@portal/service-kit';
import { STREAMS, Subjects, type SnapshotRequestedData } from '@portal/contracts';
import { Driver, type DriverDoc } from '../models/driver.js';

const PAGE = 500;

/**
 * Every current driver link, published again as `fleet.driver.linked.v1`: a reader whose read model is empty or
 * older than the FLEET stream (7 days) learns the links it missed. Readers apply links idempotently, so a
 * republished link changes nothing where it was known. Keyset by _id, one page of drivers in memory at a time.
 */
export async function republishDriverLinks(bus: Pick<Bus, 'publish'>): Promise<number> {
  let sent = 0;
  let after: unknown;
  for (;;) {
    const docs = await Driver.find(
      { deleted: false, userId: { $ne: '' }, ...(after ? { _id: { $gt: after } } : {}) },
      { userId: 1, email: 1 },
    )
      .sort({ _id: 1 })
      .limit(PAGE)
      .lean<Pick<DriverDoc, '_id' | 'userId' | 'email'>[]>();
    for (const d of docs) {
      await bus.publish(Subjects.driverLinked, {
        driverId: String(d._id),
        userId: d.userId,
        email: d.email ?? '',
      });
      sent++;
    }
    if (docs.length < PAGE) return sent;
    after = docs[docs.length - 1]!._id;
  }
}

/**
 * orders.snapshot.requested.v1 asking for users → the driver links (a user fact fleet owns). Answered only for
 * requests of this instance's scope (CONSUMER_SUFFIX, '' in production), like accounts' snapshot answer.
 */
export const snapshotRequests = defineConsumer({
  durable: 'fleet-snapshot-requests',
  stream: STREAMS.orders,
  subjects: [Subjects.snapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data as SnapshotRequestedData;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('users')) return;
    const sent = await republishDriverLinks(app.bus);
    log.info({ requestId: req.requestId, by: req.requestedBy, links: sent }, 'driver links republished');
  },
});
