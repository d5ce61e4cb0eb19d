import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyDriverLink } from '../readmodels/members.js';

/**
 * fleet.driver.linked / unlinked → the member's driverId (which fleet driver a portal user of role 2 is): the
 * driver list's `driverIds` filter and the driver's own orders.
 */
export const fleetDriverLinksConsumer = defineConsumer({
  durable: 'orders-fleet-driver-links',
  stream: STREAMS.fleet,
  subjects: [Subjects.driverLinked, Subjects.driverUnlinked],
  concurrency: 1,
  async handle(event) {
    await applyDriverLink(event.data, event.type === Subjects.driverLinked, new Date(event.time));
  },
});
