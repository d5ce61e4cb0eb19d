import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyDriver, applyDriverLink, applyVehicle } from '../readmodels/fleet.js';

/** Fleet's driver, link and vehicle events → routing's fleet read model (readmodels/fleet.ts), guarded by time. */
export const fleetFeedConsumer = defineConsumer({
  durable: 'routing-fleet-feed',
  stream: STREAMS.fleet,
  subjects: [Subjects.driverChanged, Subjects.driverLinked, Subjects.driverUnlinked, Subjects.vehicleChanged],
  concurrency: 1,
  async handle(event) {
    const at = new Date(event.time);
    if (event.type === Subjects.driverChanged) return applyDriver(event.data as never, at);
    if (event.type === Subjects.vehicleChanged) return applyVehicle(event.data as never, at);
    await applyDriverLink(event.data as never, event.type === Subjects.driverLinked, at);
  },
});
