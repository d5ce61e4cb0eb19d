import { defineWorker } from '@portal/service-kit';
import { MetrcMessages } from '@portal/contracts';
import { metrcClient, MetrcError } from '../adapters/metrc/client.js';
import { METRC_QUEUE, metrcConfigOf } from '../domain/metrc/start.js';
import { MetrcSync } from '../domain/metrc/store.js';
import { runSync } from '../domain/metrc/sync.js';

/** The job's progress (0–100): Metrc's transfer lists are its first tenth, the orders the rest. Pure. */
export const listsPercent = (done: number, total: number) => Math.floor((done / Math.max(1, total)) * 10);
export const ordersPercent = (done: number, total: number) =>
  10 + Math.floor((done / Math.max(1, total)) * 90);

/**
 * Sync Manifests (the state track-and-trace sync): one run of domain/metrc/sync.ts. Tried once: the adapter
 * already retries each Metrc call with backoff (within a retry budget for the whole run) and waits out 429s; a
 * failure that outlasts those is the run's result ("Sync Manifests failed: …", shown with Retry), and a second run
 * records nothing twice (record.ts). The whole run has a deadline (METRC_SYNC_DEADLINE_MS, default the 5 minutes
 * the screen promises): when it passes, or one call failed for good, every call still in flight or waiting is
 * cancelled at once, so the run ends on time and the next sync in the queue is not held behind it.
 */
export const metrcSyncWorker = defineWorker<{ syncId: string }>({
  queue: METRC_QUEUE,
  attempts: 1,
  concurrency: 1,
  async handle(job, { app, log }) {
    const { syncId } = job.data;
    const deadlineMs = Number(app.env.METRC_SYNC_DEADLINE_MS ?? 5 * 60_000);
    const run = new AbortController();
    const timer = setTimeout(
      () => run.abort(new MetrcError(`Metrc did not finish within ${minutes(deadlineMs)}`, 'deadline')),
      deadlineMs,
    );
    const client = metrcClient({ ...metrcConfigOf(app.env), signal: run.signal });
    const t0 = Date.now();
    try {
      const summary = await runSync(syncId, {
        client,
        cancel: (reason) => run.abort(reason),
        // the queue's view of the run; the document is its record (a Redis blip must not fail the run)
        onListProgress: (done, total) => job.updateProgress(listsPercent(done, total)).catch(() => undefined),
        onProgress: (done, total) => job.updateProgress(ordersPercent(done, total)).catch(() => undefined),
      });
      log.info({ syncId, ...summary, ...client.stats(), ms: Date.now() - t0 }, 'metrc sync done');
      return summary;
    } catch (err) {
      // the first failure is the run's reason (not the cancellations it caused)
      const first: unknown = run.signal.aborted ? run.signal.reason : err;
      const reason = first instanceof MetrcError ? first.message : 'an internal error; see the service log';
      await MetrcSync.updateOne(
        { _id: syncId },
        { $set: { state: 'failed', failedReason: MetrcMessages.failed(reason), finishedAt: new Date() } },
      );
      log.warn(
        { syncId, err: (err as Error).message, ...client.stats(), ms: Date.now() - t0 },
        'metrc sync failed',
      );
      throw err;
    } finally {
      clearTimeout(timer);
      run.abort(new MetrcError('the sync ended', 'cancelled')); // nothing of this run keeps calling
    }
  },
});

const minutes = (ms: number) =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} minute${ms >= 90_000 ? 's' : ''}` : `${Math.round(ms / 1000)} s`;
