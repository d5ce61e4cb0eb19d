import { driverScheduleRoutes } from '../routes/driverschedule.js';
import { DriverScheduleModel } from '../models/driver-schedule.js';
import type { Part, PartContext } from './part.js';

/**
 * The weekly part: the weekly driver schedule (GET|POST /driverschedule, /driverschedule/public,
 * /driverschedule/update, /driverschedule/copy), stored in `driver_schedules` with its outbox
 * (routing.driverschedule.changed.v1). Drivers, vehicles and routes come from routing's own read models.
 */
export const weeklyPart = (_ctx: PartContext): Part => ({
  routes: [driverScheduleRoutes],
  models: [DriverScheduleModel],
});
