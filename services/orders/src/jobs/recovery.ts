import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';
import { BULK_QUEUE } from '../domain/bulk/upload.js';
import { BulkUpload } from '../domain/bulk/store.js';
import { METRC_QUEUE } from '../domain/metrc/start.js';
import { MetrcSync } from '../domain/metrc/store.js';

/** Unfinished jobs queued again per recovery and queue at most (oldest first). */
const MAX = 1000;

/**
 * orders' long jobs are documents first (`bulkuploads`, `metrcsyncs`: the state row the screens read) and BullMQ
 * jobs second. At start and each time Redis comes back (app.jobs.onRecover), every upload or sync still waiting or
 * running whose job Redis does not hold is queued again under its own id: a Redis that restarted empty no longer
 * leaves a 600-row upload at "waiting 83 %" forever. A re-run is safe: the upload's rows are settled by their
 * idempotency keys (saved once), a sync records nothing twice.
 */
export async function requeueUnfinished(app: FastifyInstance): Promise<{ uploads: number; syncs: number }> {
  const again = async (
    queue: string,
    name: string,
    ids: string[],
    data: (id: string) => Record<string, unknown>,
  ) => {
    const q = await app.jobs.queue(queue);
    let n = 0;
    for (const id of ids) {
      if (await q.getJob(id)) continue; // still queued, running or failed in Redis
      await app.jobs.add(queue, name, data(id), { jobId: id });
      n++;
    }
    return n;
  };
  const open = { state: { $in: ['waiting', 'active'] } };
  const ids = async (model: Model<any>) =>
    (await model.find(open, { _id: 1 }).sort({ createdAt: 1 }).limit(MAX).lean<{ _id: string }[]>()).map(
      (d) => String(d._id),
    );
  const uploads = await again(BULK_QUEUE, 'upload', await ids(BulkUpload as Model<any>), (uploadId) => ({
    uploadId,
  }));
  const syncs = await again(METRC_QUEUE, 'sync', await ids(MetrcSync as Model<any>), (syncId) => ({
    syncId,
  }));
  if (uploads || syncs) app.log.info({ uploads, syncs }, 'unfinished uploads and syncs queued again');
  return { uploads, syncs };
}

/** Route-plugin slot (like fleet's sweep schedule): registers the recovery with the kit. */
export async function jobsRecovery(app: FastifyInstance): Promise<void> {
  app.jobs.onRecover(() => requeueUnfinished(app));
}
(jobsRecovery as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
