import type { FastifyBaseLogger } from 'fastify';
import type { mongo } from 'mongoose';
import type { OutboxIntent } from './intents.js';

/** How long published intents gather before their one delete. */
const INTENT_DELETE_MS = 50;

/**
 * Published intents (OUTBOX_INTENTS) are deleted a batch at a time: one delete for the ids published over
 * INTENT_DELETE_MS (a delete per create cost as much as the create's other small writes). Until its delete is
 * answered an intent counts as done (`pending`): the sweep neither publishes it again nor holds its document's later
 * events back. A crash before the delete leaves published intents, which the next sweep publishes again: JetStream
 * drops the copies by their ids.
 */
export class IntentDeletes {
  /** Ids whose delete is queued or in flight. */
  readonly pending = new Set<string>();
  private readonly queued = new Map<mongo.Collection<OutboxIntent>, string[]>();
  private run: Promise<void> | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly closing: () => boolean,
  ) {}

  add(intents: mongo.Collection<OutboxIntent>, id: string): void {
    this.pending.add(id);
    this.queued.set(intents, [...(this.queued.get(intents) ?? []), id]);
    this.run ??= this.flush().finally(() => (this.run = undefined));
  }

  /** Resolves once every queued delete was answered. */
  settled(): Promise<void> {
    return this.run ?? Promise.resolve();
  }

  private async flush(): Promise<void> {
    if (!this.closing()) await new Promise((r) => setTimeout(r, INTENT_DELETE_MS));
    while (this.queued.size) {
      const batches = [...this.queued.entries()];
      this.queued.clear();
      await Promise.all(
        batches.map(async ([intents, ids]) => {
          try {
            await intents.deleteMany({ _id: { $in: ids } });
          } catch (err) {
            // left for the sweep, which finds them published (their documents exist) and publishes again: JetStream
            // drops the copies by their ids
            this.log.warn({ err: (err as Error).message, n: ids.length }, 'outbox: intents not deleted');
          } finally {
            for (const id of ids) this.pending.delete(id);
          }
        }),
      );
    }
  }
}
