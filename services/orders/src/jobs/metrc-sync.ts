import { defineWorker } from '@portal/service-kit';
import { MetrcMessages } from '@portal/contracts';
import { metrcClient, MetrcError } from '../adapters/metrc/client.js';
import { METRC_QUEUE, metrcConfigOf } from '../domain/metrc/start.js';
import { MetrcSync } from '../domain/metrc/store.js';
import { runSync } from '../domain/metrc/sync.js';

/**
 * Sync Manifests (the state track-and-trace sync): one run of domain/metrc/sync.ts. Tried once: the adapter
 * already retries each Metrc call with backoff and waits out 429s; a failure that outlasts those is the run's result
 * ("Sync Manifests failed: …", shown with Retry), and a second run records nothing twice (record.ts).
 */
export const metrcSyncWorker = defineWorker<{ syncId: string }>({
  queue: METRC_QUEUE,
  attempts: 1,
  concurrency: 1,
  async handle(job, { app, log }) {
    const { syncId } = job.data;
    const client = metrcClient(metrcConfigOf(app.env));
    const t0 = Date.now();
    try {
      const summary = await runSync(syncId, {
        client,
        onProgress: (done, total) => job.updateProgress(Math.floor((done / Math.max(1, total)) * 100)),
      });
      log.info({ syncId, ...summary, ...client.stats(), ms: Date.now() - t0 }, 'metrc sync done');
      return summary;
    } catch (err) {
      const reason = err instanceof MetrcError ? err.message : 'an internal error; see the service log';
      await MetrcSync.updateOne(
        { _id: syncId },
        { $set: { state: 'failed', failedReason: MetrcMessages.failed(reason), finishedAt: new Date() } },
      );
      log.warn({ syncId, err: (err as Error).message, ...client.stats() }, 'metrc sync failed');
      throw err;
    }
  },
});
