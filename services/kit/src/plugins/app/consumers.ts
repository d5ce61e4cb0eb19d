import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, nanos } from '@nats-io/transport-node';
import { CONSUMES, STREAMS, type Domain, type EventEnvelope } from '@portal/contracts';
import type { ConsumerDef } from '../../consumers.js';
import type { EventValidators } from '../../events.js';
import { ensureStream, streamLimits, streamName } from '../external/nats.js';
import { extractTrace, SpanKind, withSpan } from '../../telemetry.js';
import { PROCESSED, processedModel } from './processed-events.js';

const DEFAULT_MAX_DELIVER = 40;
const DEFAULT_ACK_WAIT_MS = 30_000;
/** A handler still running after this long is let go: NATS redelivers its event after the ack wait. */
const MAX_WORKING_MS = 15 * 60_000;
const ackWaitOf = (def: ConsumerDef) => def.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
/** A suffixed (test) consumer that nobody pulls from is removed by NATS after this long. */
const SUFFIXED_INACTIVE_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type FilterConfig = { filter_subject?: string; filter_subjects?: string[] };
/** The durable filters exactly these subjects (NATS keeps one as filter_subject, several as filter_subjects). */
const sameSubjects = (c: FilterConfig, subjects: readonly string[]) => {
  const have = c.filter_subjects?.length ? c.filter_subjects : c.filter_subject ? [c.filter_subject] : [];
  return have.length === subjects.length && [...have].sort().join() === [...subjects].sort().join();
};

/** The durable name a definition gets in this process (CONSUMER_SUFFIX appended: test apps own theirs). */
export const durableName = (def: Pick<ConsumerDef, 'durable'>, suffix: string) =>
  suffix ? `${def.durable}-${suffix}` : def.durable;
/**
 * A consumer reads only the streams its service's NATS user may read (contracts CONSUMES): a new one must be
 * declared there first, or the service refuses to start (rather than failing later on a permission error).
 */
export function checkConsumes(domain: string | undefined, defs: readonly ConsumerDef[]): void {
  if (!domain || !(domain in CONSUMES)) return; // kit test apps: no production user
  const allowed = CONSUMES[domain as Domain].map((d) => STREAMS[d]);
  for (const def of defs) {
    const stream = streamName(def.stream.toLowerCase());
    if (!allowed.includes(stream as (typeof allowed)[number]))
      throw new Error(
        `consumer ${def.durable} reads ${stream}, which contracts CONSUMES.${domain} does not list`,
      );
  }
}

/**
 * The stream a consumer reads: the service's own is provisioned (and kept at the limits) by it; another domain's
 * is its owner's: only created here when missing and this user may (a test user), never updated; a service's
 * user gets a permission error, and the consumer retries until the owner has made it.
 */
async function consumedStream(
  app: FastifyInstance,
  domain: string | undefined,
  def: ConsumerDef,
  may: { createForeign: boolean },
) {
  const d = def.stream.toLowerCase();
  const limits = streamLimits(app.env);
  const name = streamName(d);
  if (name === streamName(domain ?? '')) return ensureStream(app.jsm, d, limits);
  const info = await app.jsm.streams.info(name).catch(() => undefined);
  if (info) return name;
  if (!may.createForeign) throw new Error(`stream ${name} does not exist yet (its owner makes it)`);
  return ensureStream(app.jsm, d, limits).catch((err: Error) => {
    if (/permission/i.test(err.message)) may.createForeign = false; // a service's user: wait for the owner
    throw err;
  });
}

export const deadLetterSubject = (def: ConsumerDef, stream: string, durable: string) =>
  def.deadLetter ?? `deadletter.${stream.toLowerCase()}.${durable}`;

/**
 * Durable pull consumers: explicit ack, idempotent by `${durable}:${event.id}` in processed_events (records
 * expire: FerretDB has no TTL index, so a periodic sweep deletes them). A new consumer starts at the events
 * published since this process started (a new service does not re-send every old mail); max_deliver, then a
 * dead-letter subject.
 */
export default fp(
  async (app, opts: { consumers: ConsumerDef[]; events: EventValidators; domain?: string }) => {
    checkConsumes(opts.domain, opts.consumers);
    if (opts.consumers.length) processedModel(app.mongo); // before the migration (onReady) runs
    const may = { createForeign: true };
    const suffix = app.env.CONSUMER_SUFFIX;
    const startedAt = new Date().toISOString();
    const limits = streamLimits(app.env);
    const loops: Promise<void>[] = [];
    const iters = new Set<ConsumerMessages>();
    let closing = false;
    const processed = () => app.mongo.collection<{ _id: string; at: Date }>(PROCESSED);

    const deadLetter = async (def: ConsumerDef, m: JsMsg, reason: string) => {
      const subject = deadLetterSubject(def, m.info.stream, durableName(def, suffix));
      const h = natsHeaders();
      h.set('Portal-Original-Subject', m.subject);
      h.set('Portal-Failure', reason.slice(0, 500).replace(/[\r\n]+/g, ' '));
      await ensureStream(app.jsm, 'deadletter', { ...limits, maxAgeS: Math.max(limits.maxAgeS, 30 * 86400) });
      await app.js.publish(subject, m.data, { headers: h });
      app.log.error(
        { consumer: def.durable, subject: m.subject, deadLetter: subject, reason },
        'dead-lettered',
      );
      m.term(reason.slice(0, 200));
    };

    const handleOne = async (def: ConsumerDef, m: JsMsg) => {
      const durable = durableName(def, suffix);
      // A stream's republish copies its messages onto any subject of the account, past the publish rights: an
      // event stored that way is not its owner's (only a publisher's own message lacks these headers).
      const copiedFrom = m.headers?.get('Nats-Stream');
      if (copiedFrom)
        return deadLetter(def, m, `republished by stream ${copiedFrom}, not published`).catch(() => m.term());
      let event: EventEnvelope;
      try {
        event = m.json<EventEnvelope>();
      } catch {
        return deadLetter(def, m, 'unparseable event').catch(() => m.term());
      }
      // Validated at the boundary: a consumer never sees a payload its subject's schema does not allow.
      const valid = opts.events.checkEnvelope(m.subject, event);
      if (!valid.ok) return deadLetter(def, m, `invalid event: ${valid.reason}`).catch(() => m.term());
      const key = `${durable}:${event.id}`;
      const parent = extractTrace(m.headers ? { get: (k: string) => m.headers!.get(k) } : undefined);
      await withSpan(
        `${m.subject} process`,
        async () => {
          // While the handler runs, NATS is told it is still at work (every third of the ack wait): a handler longer
          // than the ack wait (a large snapshot answer) is not redelivered to a sibling replica meanwhile, which would
          // run it a second time at once (the processed record is only written at the end). A process that dies
          // stops telling, and the event goes to another replica after one ack wait; so does a handler stuck for
          // longer than MAX_WORKING_MS.
          const since = Date.now();
          const working = setInterval(
            () => {
              if (Date.now() - since < MAX_WORKING_MS) m.working();
              else clearInterval(working);
            },
            Math.max(100, ackWaitOf(def) / 3),
          );
          try {
            if (await processed().findOne({ _id: key })) return m.ack();
            await def.handle(event, {
              app,
              log: app.log.child({ consumer: durable, eventId: event.id }),
              msg: m,
            });
            await processed()
              .insertOne({ _id: key, at: new Date() })
              .catch((err: { code?: number }) => {
                if (err.code !== 11000) throw err;
              });
            m.ack();
          } catch (err) {
            if (m.info.deliveryCount >= (def.maxDeliver ?? DEFAULT_MAX_DELIVER)) {
              return deadLetter(def, m, (err as Error).message ?? String(err)).catch((e: unknown) => {
                app.log.warn({ err: e, consumer: durable }, 'dead-letter publish failed; nak');
                m.nak(60_000);
              });
            }
            const delay = Math.min((def.nakDelayMs ?? 1000) * 2 ** (m.info.deliveryCount - 1), 60_000);
            app.log.warn({ err, consumer: durable, eventId: event.id, delay }, 'event handler failed; nak');
            m.nak(delay);
          } finally {
            clearInterval(working);
          }
        },
        {
          'messaging.system': 'nats',
          'messaging.destination.name': m.subject,
          'messaging.consumer.group.name': durable,
        },
        { kind: SpanKind.CONSUMER, parent },
      );
    };

    const run = async (def: ConsumerDef, messages: ConsumerMessages) => {
      const limit = def.concurrency ?? 4;
      const inflight = new Set<Promise<void>>();
      for await (const m of messages) {
        const p: Promise<void> = handleOne(def, m).finally(() => inflight.delete(p));
        inflight.add(p);
        if (inflight.size >= limit) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    };

    /** Creates the durable (or updates what NATS lets change: deliver_policy is fixed at creation). */
    const ensureConsumer = async (def: ConsumerDef) => {
      const stream = await consumedStream(app, opts.domain, def, may);
      const durable = durableName(def, suffix);
      const editable = {
        filter_subjects: [...def.subjects],
        ack_wait: nanos(ackWaitOf(def)),
        max_deliver: def.maxDeliver ?? DEFAULT_MAX_DELIVER,
        ...(def.inactiveMs || suffix
          ? { inactive_threshold: nanos(def.inactiveMs ?? SUFFIXED_INACTIVE_MS) }
          : {}),
      };
      const create = () =>
        app.jsm.consumers
          .add(stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            // Not DeliverPolicy.All (every old mail again) nor New (would miss what this service's own relay
            // publishes between start and now, e.g. after NATS came up late): what was published since start.
            deliver_policy: DeliverPolicy.StartTime,
            opt_start_time: startedAt,
            max_ack_pending: 1000,
            ...editable,
          })
          .catch(async (err: unknown) => {
            // created concurrently by a sibling replica: fine
            if (!(await app.jsm.consumers.info(stream, durable).catch(() => undefined))) throw err;
          });
      const existing = await app.jsm.consumers.info(stream, durable).catch(() => undefined);
      if (!existing) await create();
      else {
        // The filter follows the definition, e.g. subjects versioned since the durable was made
        // (`accounts.user.verified` → `….v1`); filter_subject (singular, older durables) is cleared for it. A
        // server refusing a changed filter gets the durable recreated (from process start); other errors throw.
        const filterChanged = !sameSubjects(existing.config, def.subjects);
        await app.jsm.consumers
          .update(stream, durable, { ...editable, filter_subject: undefined })
          .catch(async (err: Error) => {
            if (!filterChanged) throw err;
            app.log.warn(
              { consumer: durable, err: err.message },
              'consumer filter update refused; recreating it',
            );
            await app.jsm.consumers.delete(stream, durable).catch(() => undefined);
            await create();
          });
      }
      return { stream, durable };
    };

    /** One consumer's life: (re)create, consume; if the loop ends (consumer or stream lost), start again. */
    const keepConsuming = async (def: ConsumerDef, started: () => void) => {
      while (!closing) {
        try {
          const { stream, durable } = await ensureConsumer(def);
          const consumer = await app.js.consumers.get(stream, durable);
          const messages = await consumer.consume({
            max_messages: (def.concurrency ?? 4) * 2,
            abort_on_missing_resource: true,
          });
          iters.add(messages);
          if (closing) await messages.close(); // closed while this was being set up
          started();
          await run(def, messages).finally(() => iters.delete(messages));
          if (closing) return;
          app.log.warn({ consumer: durable }, 'consumer stopped; starting it again');
        } catch (err) {
          if (closing) return;
          app.log.warn({ err: (err as Error).message, consumer: def.durable }, 'consumer failed; retrying');
        }
        await sleep(1000);
      }
    };

    let sweep: NodeJS.Timeout | undefined;
    const expireProcessed = async () => {
      const before = new Date(Date.now() - app.env.PROCESSED_EVENTS_TTL_S * 1000);
      try {
        await processed().deleteMany({ at: { $lt: before } });
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'processed_events cleanup failed');
      }
    };

    app.addHook('onReady', async () => {
      if (!opts.consumers.length) return;
      sweep = setInterval(() => void expireProcessed(), app.env.PROCESSED_EVENTS_SWEEP_MS);
      sweep.unref();
      void expireProcessed();
      const start = () =>
        opts.consumers.map((def) => new Promise<void>((started) => loops.push(keepConsuming(def, started))));
      // NATS up: consuming before ready (tests publish right after). Down: they start once it connects.
      const up = await Promise.race([app.natsReady.then(() => true), sleep(0).then(() => false)]);
      if (up) {
        const started = start();
        await Promise.race([Promise.all(started), sleep(5000)]);
      } else {
        void app.natsReady.then(() => !closing && start());
      }
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(sweep);
      for (const it of iters) await it.close().catch(() => undefined);
      await Promise.all(loops);
    });
  },
  { name: 'consumers', dependencies: ['mongo', 'nats'] },
);
