import mongoose, { Schema } from 'mongoose';
import type { MetrcOrderResult, MetrcSyncView, RoleNumber } from '@portal/contracts';

/**
 * `metrcsyncs`: one document per Sync Manifests run — who asked (no token), what (days or order ids), progress and
 * the per-order results — so GET /metrc/sync/:jobId answers from the database (not Redis) and the result stays for
 * an inspector after the job is gone. The `_id` is the BullMQ job id.
 */
const metrcSyncSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    caller: { type: Schema.Types.Mixed, required: true },
    from: { type: String, default: '' },
    to: { type: String, default: '' },
    orderIds: { type: [String], default: [] },
    state: { type: String, enum: ['waiting', 'active', 'completed', 'failed'], default: 'waiting' },
    total: { type: Number, default: 0 },
    done: { type: Number, default: 0 },
    results: { type: [Schema.Types.Mixed], default: [] },
    failedReason: { type: String, default: '' },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
metrcSyncSchema.index({ userId: 1 });

export const MetrcSync = mongoose.model('MetrcSync', metrcSyncSchema, 'metrcsyncs');

export interface SyncCaller {
  userId: string;
  name: string;
  role: RoleNumber;
}

export interface StoredSync {
  _id: string;
  userId: string;
  caller: SyncCaller;
  from: string;
  to: string;
  orderIds: string[];
  state: MetrcSyncView['state'];
  total: number;
  done: number;
  results: MetrcOrderResult[];
  failedReason: string;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The stored run as the browser sees it. */
export function syncViewOf(s: StoredSync): MetrcSyncView {
  const count = (r: MetrcOrderResult['result']) => s.results.filter((x) => x.result === r).length;
  const progress = s.state === 'completed' ? 100 : s.total ? Math.floor((s.done / s.total) * 100) : 0;
  return {
    jobId: s._id,
    state: s.state,
    done: s.done,
    total: s.total,
    progress,
    from: s.from,
    to: s.to,
    counts: { synced: count('synced'), mismatch: count('mismatch'), notFound: count('not-found') },
    results: s.results,
    failedReason: s.failedReason,
    createdAt: new Date(s.createdAt).toISOString(),
    finishedAt: s.finishedAt ? new Date(s.finishedAt).toISOString() : '',
  };
}
