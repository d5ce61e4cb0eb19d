import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyDriver, applyVehicle } from '../readmodels/fleet.js';
import { REQUESTED_BY, markFilled, noteAnswered } from '../readmodels/feed.js';

/**
 * fleet.snapshot.published.v1 pages → the fleet read model, applied as of the snapshot's `asOf` (an event newer
 * than it wins). The fleet is filled once the vehicles' last page arrived (fleet sends drivers first).
 */
export const fleetSnapshotConsumer = defineConsumer({
  durable: 'routing-fleet-snapshot',
  stream: STREAMS.fleet,
  subjects: [Subjects.fleetSnapshotPublished],
  concurrency: 1,
  async handle(event, { app, log }) {
    const p = event.data;
    if (p.requestedBy !== REQUESTED_BY || (p.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '')) return;
    noteAnswered(p.requestId);
    const at = new Date(p.asOf);
    for (const d of p.drivers ?? []) await applyDriver({ action: 'updated', driver: d }, at);
    for (const v of p.vehicles ?? []) await applyVehicle({ action: 'updated', vehicle: v }, at);
    if (!p.last || p.kind !== 'vehicles') return;
    await markFilled('fleet', at, p.requestId);
    log.info({ requestId: p.requestId }, 'fleet snapshot applied');
  },
});
