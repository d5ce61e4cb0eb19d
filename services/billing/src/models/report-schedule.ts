import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { REPORT_EVERY, REPORT_KINDS } from '@portal/contracts/billing';

/**
 * A scheduled report ("an admin can ask for any report every Monday (or monthly) to a list of emails").
 * The BullMQ job scheduler keyed `schedule-<id>` fires it; each firing makes a normal run owned by `owner`.
 */
const reportScheduleSchema = new Schema(
  {
    owner: { type: String, required: true },
    kind: { type: String, enum: REPORT_KINDS, required: true },
    every: { type: String, enum: REPORT_EVERY, required: true },
    emails: { type: [String], default: [] },
  },
  { timestamps: true },
);
reportScheduleSchema.index({ owner: 1, createdAt: -1, _id: -1 });

export type ReportScheduleDoc = InferSchemaType<typeof reportScheduleSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export const ReportSchedule = mongoose.model('ReportSchedule', reportScheduleSchema);
