import type { FastifyInstance } from 'fastify';
import { defineWorker } from '@portal/service-kit';
import { Vehicle } from '../models/vehicle.js';
import { announceCrossings } from '../domain/service-due.js';
import { toVehicleView } from '../domain/views.js';

export const SWEEP_QUEUE = 'fleet-service-due';
/** Hourly: an expiry enters its 30-day window by the calendar alone, with no save of the vehicle to notice it. */
export const SWEEP_EVERY_MS = 3_600_000;

/**
 * Announces every crossing not announced yet over the live fleet (the same rule and keys as a save), e.g. a
 * registration that is now 30 days from expiry. Returns the number of alerts published.
 */
export async function sweepServiceDue(today = new Date()): Promise<number> {
  let count = 0;
  for (const doc of await Vehicle.find({ deleted: false })) {
    const keys = await announceCrossings(doc as never, toVehicleView(doc.toObject(), today), today);
    if (!keys.length) continue;
    await doc.save();
    count += keys.length;
  }
  return count;
}

export const sweepWorker = defineWorker({
  queue: SWEEP_QUEUE,
  attempts: 3,
  async handle(_job, { log }) {
    const published = await sweepServiceDue();
    if (published) log.info({ published }, 'service-due alerts published');
    return { published };
  },
});

/**
 * Route-plugin slot (like accounts' startup): the hourly schedule, upserted (idempotent, keyed) once the workers are up
 * and again each time Redis comes back — a Redis that restarted empty would otherwise have no sweep until fleet
 * restarted. Redis down at start: the alerts still come with every save, and the reconnect registers it.
 */
export async function sweepSchedule(app: FastifyInstance): Promise<void> {
  app.jobs.onRecover(async () => {
    const queue = await app.jobs.queue(SWEEP_QUEUE);
    await queue.upsertJobScheduler('hourly', { every: SWEEP_EVERY_MS }, { name: 'sweep', data: {} });
  });
}
(sweepSchedule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
