import mongoose, { Schema } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';

/**
 * A week's driver schedule (orders §3 "Driver schedule"): `week` = the Monday (YYYY-MM-DD, UTC start of week),
 * `days` keyed '1' … '7' (Monday … Sunday), each a list of entries {driver, vehicle, route, misc}. `notified` is
 * the days as the drivers were last told (the notify baseline: what is pending = diff(notified, days)).
 * `lastUpdated` is the version an editor read: a save matching an older one answers 409.
 */
const scheduleSchema = new Schema(
  {
    week: { type: String, required: true, unique: true },
    days: { type: Schema.Types.Mixed, default: {} },
    notified: { type: Schema.Types.Mixed, default: {} },
    created: { type: Date, required: true },
    lastUpdated: { type: Date, required: true },
  },
  { minimize: false, versionKey: false },
);
scheduleSchema.plugin(withOutbox);

export interface DriverScheduleDoc {
  _id: mongoose.Types.ObjectId;
  week: string;
  days: Record<string, unknown>;
  notified: Record<string, unknown>;
  created: Date;
  lastUpdated: Date;
}
const Model = mongoose.model('DriverSchedule', scheduleSchema, 'driver_schedules');
export const DriverScheduleModel = Model as typeof Model & OutboxStatics;
