import { defineWorker } from '@portal/service-kit';
import { BULK_QUEUE } from '../domain/bulk/upload.js';
import { saveUpload, type BulkCaller, type CheckedUpload } from '../domain/bulk/run.js';
import { BulkPayload, BulkUpload, unpackChecked } from '../domain/bulk/store.js';
import { writePort } from '../domain/bulk/ports.js';

interface StoredUpload {
  _id: string;
  caller: BulkCaller;
  total: number;
  state: string;
}

/**
 * A large upload (more than BULK_INLINE_ROWS rows to save), checked in the request: this only writes, recording
 * progress on the upload's document every hundred rows. A retry after a crash is safe: rows the first try claimed
 * are settled by the idempotency keys, not saved twice. The document is the job's truth: one still waiting or
 * running whose job Redis lost is queued again (jobs/recovery.ts).
 */
export const bulkUploadWorker = defineWorker<{ uploadId: string }>({
  queue: BULK_QUEUE,
  attempts: 3,
  concurrency: 1,
  async handle(job, { app, log }) {
    const { uploadId } = job.data;
    const u = await BulkUpload.findById(uploadId).lean<StoredUpload>();
    const payload = await BulkPayload.findById(uploadId).lean<{ gz: Buffer }>();
    if (!u || !payload || u.state === 'completed') return { skipped: true };
    const checked = unpackChecked<CheckedUpload>(payload.gz);
    await BulkUpload.updateOne({ _id: uploadId }, { $set: { state: 'active' } });
    const skipped = u.total - checked.good.length;
    try {
      const result = await saveUpload({
        checked,
        uploadId,
        caller: u.caller,
        ports: writePort(app.env.APP_URL),
        onProgress: async (done) => {
          await BulkUpload.updateOne({ _id: uploadId }, { $set: { done: skipped + done } });
          // the document is the truth: a Redis that lost this job must not stop the rows being saved
          await job
            .updateProgress(Math.floor(((skipped + done) / Math.max(1, u.total)) * 100))
            .catch((err: Error) => log.warn({ uploadId, err: err.message }, 'job progress not written'));
        },
      });
      result.jobId = uploadId;
      await BulkUpload.updateOne({ _id: uploadId }, { $set: { state: 'completed', done: u.total, result } });
      await BulkPayload.deleteOne({ _id: uploadId });
      log.info({ uploadId, saved: result.saved, errors: result.errors.length }, 'bulk upload done');
      return { saved: result.saved, errors: result.errors.length };
    } catch (err) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // never over a completed upload (another try, after a Redis loss, may have finished it meanwhile)
      await BulkUpload.updateOne(
        { _id: uploadId, state: { $ne: 'completed' } },
        { $set: last ? { state: 'failed', failedReason: (err as Error).message } : { state: 'waiting' } },
      );
      throw err;
    }
  },
});
