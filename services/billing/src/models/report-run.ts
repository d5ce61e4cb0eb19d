import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { REPORT_KINDS, REPORT_STATES } from '@portal/contracts/billing';

/**
 * One request for a report (orders spec §2 Reports: results by email). Recorded when asked for; the report job
 * (BullMQ, next billing issue) moves it to running and done, and the result is mailed to `emails`.
 */
const reportRunSchema = new Schema(
  {
    requestedBy: { type: String, required: true },
    kind: { type: String, enum: REPORT_KINDS, required: true },
    state: { type: String, enum: REPORT_STATES, default: 'queued' },
    selectedDate: { type: String, default: '' },
    emails: { type: [String], default: [] },
  },
  { timestamps: true },
);
// The caller's runs, newest first: equality on requestedBy, then the keyset order MongoDB serves from the index.
reportRunSchema.index({ requestedBy: 1, createdAt: -1, _id: -1 });

export type ReportRunDoc = InferSchemaType<typeof reportRunSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export const ReportRun = mongoose.model('ReportRun', reportRunSchema);
