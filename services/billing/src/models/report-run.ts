import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxModel } from '@portal/service-kit';
import { REPORT_FORMATS, REPORT_KINDS, REPORT_STATES } from '@portal/contracts/billing';

/**
 * One report run (orders spec §2 Reports): recorded when asked for (queued), moved to running, done, failed or
 * cancelled by the report job (jobs/reports.ts); its files are in the object store (bucket `reports`) and the
 * completed event (billing.report.completed.v1, on this document's outbox) lets notifications mail them.
 */
const fileSchema = new Schema(
  {
    format: { type: String, enum: REPORT_FORMATS, required: true },
    key: { type: String, required: true },
    filename: { type: String, required: true },
    contentType: { type: String, required: true },
    size: { type: Number, default: 0 },
  },
  { _id: false },
);
const reportRunSchema = new Schema(
  {
    requestedBy: { type: String, required: true },
    kind: { type: String, enum: REPORT_KINDS, required: true },
    state: { type: String, enum: REPORT_STATES, default: 'queued' },
    title: { type: String, default: '' },
    selectedDate: { type: String, default: '' },
    from: { type: String, default: '' },
    to: { type: String, default: '' },
    emails: { type: [String], default: [] },
    progress: { type: Number, default: 0 },
    rows: { type: Number },
    error: { type: String },
    emptyText: { type: String },
    files: { type: [fileSchema], default: undefined },
    finishedAt: { type: Date },
    scheduleId: { type: String },
    /** How many times it was queued (the BullMQ job id is `<run id>-<attempt>`). */
    attempt: { type: Number, default: 1 },
  },
  { timestamps: true },
);
// The caller's runs, newest first: equality on requestedBy, then the keyset order MongoDB serves from the index.
reportRunSchema.index({ requestedBy: 1, createdAt: -1, _id: -1 });
withOutbox(reportRunSchema);

export type ReportRunDoc = InferSchemaType<typeof reportRunSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export const ReportRun = mongoose.model('ReportRun', reportRunSchema) as unknown as OutboxModel &
  mongoose.Model<ReportRunDoc>;
