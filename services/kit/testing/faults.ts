import type { FastifyInstance } from 'fastify';
import type { OutboxEvent } from '../src/outbox/event.js';
// type-only: the `app.outboxRelayHooks` declaration, without loading the relay at run time
import type {} from '../src/plugins/app/outbox-relay.js';

/** Where a crash test kills a service: after the outbox write (nothing published yet) or right after a publish. */
export type OutboxFault = 'exit-after-write' | 'exit-after-publish';

/**
 * Makes this app's outbox relay kill the process (exit 137) at `fault`, for the events `which` selects (default:
 * all). Works through the relay's publish hook (`app.outboxRelayHooks`), which production never sets: no test
 * switch is read by production code. Call it after buildService and before the write.
 */
export function injectOutboxFault(
  app: FastifyInstance,
  fault: OutboxFault,
  which: (ev: OutboxEvent) => boolean = () => true,
): void {
  const die = () => {
    process.stderr.write(`outbox fault ${fault}: exiting\n`);
    process.exit(137);
  };
  app.outboxRelayHooks.wrapPublish = async (publish, ev) => {
    if (!which(ev)) return publish();
    // the write is stored with its event; the process dies before the relay publishes it
    if (fault === 'exit-after-write') return die();
    await publish();
    die(); // published, but the event is still in the document (the relay had not pulled it)
  };
}
