import { reportsRoutes } from '../routes/reports.js';
import { reportSchedulesRoutes } from '../routes/reports-schedules.js';
import { reportsWorker } from '../jobs/worker.js';
import type { Part } from './part.js';

/**
 * The reports part (see part.ts): report runs and schedules, and the reports worker (a plugin: it starts
 * the BullMQ worker when the app is ready and closes it before shutdown; it adds no route).
 */
export const reportsPart = (): Part => ({
  routes: [reportsRoutes, reportSchedulesRoutes, reportsWorker],
});
