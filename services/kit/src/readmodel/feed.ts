import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EventPayload, EventSubject } from '@portal/contracts';
import { defineConsumer, type ConsumerContext, type ConsumerDef, type PayloadOf } from '../consumers.js';
import { Lease, processHolder } from '../lease.js';

/**
 * The asking side of a read model's snapshot (README "Read models"): a stream keeps events 7 days and a new durable
 * starts at the process start, so a fresh database (or one asleep past the stream) never learns what the owner
 * already holds. The reader then publishes a `*.snapshot.requested.v1`; each owner answers with pages (answer.ts),
 * applied like events (apply.ts: version- or time-guarded, idempotent). Asked again, doubling the wait, while no
 * page of the request arrives (the owner down or restarting); never holds the start.
 *
 * Several replicas of a reader share its page durable, so a page reaches any one of them: a request is noted as
 * answered in the database (`snapshot_answers`), where the asking replica sees it. Replicas starting together ask
 * once: the asker holds a lease (`snapshot:<reader>[:<scope>]`, lease.ts); the others wait until a request of this
 * reader is answered (done) or the lease is free again without one (the asker died or gave up: they ask).
 */
export const SNAPSHOT_ANSWERS = 'snapshot_answers';
interface AnswerDoc {
  _id: string;
  reader: string;
  at: Date;
}

/** What every request and page names: who asked, and the asker's CONSUMER_SUFFIX ('' in production). */
export interface SnapshotHead {
  requestId: string;
  requestedBy: string;
  scope?: string;
}
/** Only an instance of the asker's scope answers or applies (a test app's request never meets the stack's data). */
export const inScope = (app: FastifyInstance, p: { scope?: string }): boolean =>
  (p.scope ?? '') === String(app.env.CONSUMER_SUFFIX ?? '');

type RequestSubject = {
  [S in EventSubject]: EventPayload<S> extends SnapshotHead & { want: unknown } ? S : never;
}[EventSubject];
type PageSubject = {
  [S in EventSubject]: EventPayload<S> extends SnapshotHead & { page: number; asOf: string } ? S : never;
}[EventSubject];
/** A request's own fields (what and from when), without the head the feed fills in. */
export type RequestBody<S extends RequestSubject> = Omit<EventPayload<S>, keyof SnapshotHead>;

export interface SnapshotNeed<S extends RequestSubject> {
  /** Logged with each request: 'empty', 'never filled', 'older than the stream', … */
  reason: string;
  body: RequestBody<S>;
}

export interface SnapshotFeedDef<S extends RequestSubject> {
  /** The asker's name in `requestedBy` (its pages are the ones naming it). */
  requestedBy: string;
  /** The request subject (`Subjects.dispatchSnapshotRequested`, …). */
  subject: S;
  /** In the log lines: 'dispatch snapshot'. */
  label: string;
  /** The first wait for a page before asking again (doubled each time), and how many times it asks again. */
  retryFirstMs?: number;
  retries?: number;
}

export const RETRY_FIRST_MS = 30_000;
export const RETRIES = 5;
/** The asker's lease: held this long unless renewed, renewed this often while it waits for pages. */
const LEASE_MS = 30_000;
const LEASE_RENEW_MS = 10_000;
/** How often a replica that is not asking looks whether the asker's request was answered. */
export const SIBLING_POLL_MS = 2_000;

/**
 * One reader's snapshot feed: `request` publishes a request, `pages` makes the consumer of an owner's answer (only
 * pages naming this reader and its scope reach `handle`, and each tells the feed its request was answered), `plugin`
 * asks at start when `need` says so.
 */
export class SnapshotFeed<S extends RequestSubject> {
  /** Per app: the requests of which a page arrived (tests build several apps in one process). */
  readonly #answered = new WeakMap<FastifyInstance, Set<string>>();
  constructor(readonly def: SnapshotFeedDef<S>) {}

  get requestedBy(): string {
    return this.def.requestedBy;
  }
  #set(app: FastifyInstance): Set<string> {
    let s = this.#answered.get(app);
    if (!s) this.#answered.set(app, (s = new Set()));
    return s;
  }
  /** This reader and scope, as its answers and its lease name it. */
  #reader(app: FastifyInstance): string {
    const scope = String(app.env.CONSUMER_SUFFIX ?? '');
    return scope ? `${this.def.requestedBy}:${scope}` : this.def.requestedBy;
  }
  #answers(app: FastifyInstance) {
    return app.mongo.collection<AnswerDoc>(SNAPSHOT_ANSWERS);
  }
  /** A page of the request arrived (in this process: noted in the database once, for the replica that asked). */
  async noteAnswered(app: FastifyInstance, requestId: string): Promise<void> {
    const mine = this.#set(app);
    if (mine.has(requestId)) return;
    mine.add(requestId);
    await this.#answers(app)
      .insertOne({ _id: requestId, reader: this.#reader(app), at: new Date() })
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err; // noted already (another replica, or before a restart)
      });
  }
  /** A page of the request arrived at any replica. */
  async answered(app: FastifyInstance, requestId: string): Promise<boolean> {
    if (this.#set(app).has(requestId)) return true;
    return !!(await this.#answers(app).findOne({ _id: requestId }));
  }
  /** A request of this reader was answered at or after `since` (by whichever replica asked). */
  async answeredSince(app: FastifyInstance, since: Date): Promise<boolean> {
    return !!(await this.#answers(app).findOne({ reader: this.#reader(app), at: { $gte: since } }));
  }
  /** This page answers this reader, of this instance's scope. */
  mine(app: FastifyInstance, p: { requestedBy: string; scope?: string }): boolean {
    return p.requestedBy === this.def.requestedBy && inScope(app, p);
  }

  /** Publishes a request now; returns its id. */
  async request(app: FastifyInstance, body: RequestBody<S>): Promise<string> {
    const requestId = randomUUID();
    const scope = String(app.env.CONSUMER_SUFFIX ?? '');
    const data = { ...body, requestId, requestedBy: this.def.requestedBy, ...(scope ? { scope } : {}) };
    await app.bus.publish(this.def.subject, data as unknown as EventPayload<S>);
    return requestId;
  }

  /**
   * A consumer of an owner's pages: `handle` gets only this reader's pages of this scope (the request is noted as
   * answered first, so the asker stops asking whatever the page holds).
   */
  pages<const P extends PageSubject>(def: {
    durable: string;
    stream: string;
    subject: P;
    handle(page: PayloadOf<P>, ctx: ConsumerContext): Promise<void> | void;
  }): ConsumerDef<P> {
    return defineConsumer({
      durable: def.durable,
      stream: def.stream,
      subjects: [def.subject],
      concurrency: 1,
      handle: async (event, ctx) => {
        const p = event.data as PayloadOf<P> & SnapshotHead;
        if (!this.mine(ctx.app, p)) return;
        await this.noteAnswered(ctx.app, p.requestId);
        await def.handle(p, ctx);
      },
    });
  }

  /**
   * The Fastify plugin (registered with the routes): once the service is ready and NATS is up, asks when `need`
   * says so, again while no page arrives; `answered` runs once a page of the request came. A failure is logged.
   */
  plugin(
    need: (app: FastifyInstance) => Promise<SnapshotNeed<S> | null>,
    hooks: { answered?: (app: FastifyInstance) => Promise<void> } = {},
  ): (app: FastifyInstance) => Promise<void> {
    const { label, retryFirstMs = RETRY_FIRST_MS, retries = RETRIES } = this.def;
    return async (app) => {
      let closing = false;
      let timer: NodeJS.Timeout | undefined;
      const sleep = (ms: number) =>
        new Promise<void>((r) => {
          timer = setTimeout(r, ms);
          timer.unref();
        });
      /** Asks (holding the lease) until a page comes or the retries are spent; true when answered. */
      const ask = async (wanted: SnapshotNeed<S>, lease: Lease): Promise<boolean> => {
        for (let i = 0, wait = retryFirstMs; i <= retries && !closing; i++, wait *= 2) {
          const id = await this.request(app, wanted.body);
          app.log.info({ requestId: id, reason: wanted.reason, attempt: i + 1 }, `${label} requested`);
          for (let t = 0; t < wait && !closing && !(await this.answered(app, id)); t += 1000) {
            if (t % LEASE_RENEW_MS < 1000) await lease.take();
            await sleep(Math.min(1000, wait));
          }
          if (await this.answered(app, id)) return true;
        }
        if (!closing)
          app.log.warn(`no answer to the ${label} request; the read model fills from events only`);
        return false;
      };
      const run = async () => {
        await app.bus.ready;
        const wanted = await need(app);
        if (!wanted) return;
        // a sibling's answer of the last lease period filled the same database: this replica needs no request of its own
        const since = new Date(Date.now() - LEASE_MS);
        if (await this.answeredSince(app, since)) return void (await hooks.answered?.(app));
        // held per app, not per process: two apps of one process (a test's replicas) are two askers too
        const holder = `${processHolder}:${randomUUID().slice(0, 8)}`;
        const lease = new Lease(app.mongo.db!, `snapshot:${this.#reader(app)}`, LEASE_MS, holder);
        // another replica asking: its pages fill the same database; this one asks only if that one stops unanswered
        while (!closing && !(await lease.take())) {
          await sleep(SIBLING_POLL_MS);
          if (await this.answeredSince(app, since)) return void (await hooks.answered?.(app));
        }
        if (closing) return;
        try {
          // answered between this replica's last look and its take
          if (await this.answeredSince(app, since)) return void (await hooks.answered?.(app));
          if (await ask(wanted, lease)) await hooks.answered?.(app);
        } finally {
          await lease.release().catch(() => undefined);
        }
      };
      app.addHook('onReady', async () => {
        void run().catch((err) => app.log.warn({ err: (err as Error).message }, `${label} not requested`));
      });
      app.addHook('preClose', async () => {
        closing = true;
        clearTimeout(timer);
      });
    };
  }
}

/** A reader's feed of snapshots (see SnapshotFeed). */
export const snapshotFeed = <const S extends RequestSubject>(def: SnapshotFeedDef<S>) =>
  new SnapshotFeed(def);

/**
 * The oldest time the stream still reaches back to: its first event's, or (empty) now minus its max age. A read
 * model whose newest fact is older may have missed events that expired unseen.
 */
export async function streamReach(app: FastifyInstance, stream: string): Promise<Date> {
  const info = await app.bus.jsm.streams.info(stream);
  return info.state.messages
    ? new Date(info.state.first_ts)
    : new Date(Date.now() - Number(info.config.max_age) / 1e6);
}
