import type { EventPayload, EventSubject } from '@portal/contracts';
import type { Bus } from '../backends/bus.js';
import { defineConsumer, type ConsumerContext, type ConsumerDef } from '../consumers.js';
import { inScope, type SnapshotHead } from './feed.js';

/**
 * The owner's side of a snapshot (feed.ts asks): its current records as pages, keyset by _id, each with the head of
 * the request and the time the owner began reading (`asOf`, SNAPSHOT_MARGIN_MS early: an event stamped just before
 * the first read but committed after it is then newer than the snapshot and applied over it, never lost behind it).
 */
export const SNAPSHOT_MARGIN_MS = 5_000;

/** The head of every page answering `req`. */
export function pageHead(req: SnapshotHead, now = Date.now()): SnapshotHead & { asOf: string } {
  return {
    requestId: req.requestId,
    requestedBy: req.requestedBy,
    ...(req.scope ? { scope: req.scope } : {}),
    asOf: new Date(now - SNAPSHOT_MARGIN_MS).toISOString(),
  };
}

/**
 * Every document `find` returns, `size` at a time in _id order (keyset: `find(after, limit)` reads `_id > after`,
 * sorted by _id), handed to `each` with its page number and whether it is the last; an empty collection is one empty
 * last page. Returns the pages.
 */
export async function keysetPages<T extends { _id: unknown }>(
  find: (after: unknown, limit: number) => Promise<T[]>,
  size: number,
  each: (docs: T[], page: number, last: boolean) => Promise<void>,
): Promise<number> {
  let after: unknown;
  for (let page = 0; ; page++) {
    const docs = await find(after, size + 1);
    const last = docs.length <= size;
    const mine = docs.slice(0, size);
    await each(mine, page, last);
    if (last) return page + 1;
    after = mine[mine.length - 1]!._id;
  }
}

/** The keyset filter for `find` above: `{ ...filter, _id: { $gt: key } }` after the first page. */
export const keysetAfter = (filter: object, key: unknown): object =>
  key === undefined ? filter : { ...filter, _id: { $gt: key } };

/** A request as an owner answers it: who asked, what (`want`), and from when where the asker says so. */
export interface SnapshotRequest extends SnapshotHead {
  want: readonly string[];
  fromDay?: string;
}
type RequestSubject = {
  [S in EventSubject]: EventPayload<S> extends SnapshotRequest ? S : never;
}[EventSubject];

/**
 * One owner's answer to every reader that asks it (one consumer per request subject: each reader's request stream):
 * a request of another scope, or wanting none of what the owner `has`, is left alone; `answer` gets the request with
 * its `want` narrowed to what the owner has, publishes the pages (returning how many it sent), and the answer is
 * logged.
 */
export function answerSnapshots(def: {
  /** In the log line: 'orders snapshot published'. */
  label: string;
  /** The kinds this owner answers (`['orders']`, `['drivers', 'vehicles']`). */
  has: readonly string[];
  answer(bus: Pick<Bus, 'publish'>, req: SnapshotRequest, ctx: ConsumerContext): Promise<number>;
  /** The readers' request subjects it answers, each with its durable on the reader's stream. */
  requests: readonly { durable: string; stream: string; subject: RequestSubject }[];
}): ConsumerDef[] {
  return def.requests.map(
    (r) =>
      defineConsumer({
        durable: r.durable,
        stream: r.stream,
        subjects: [r.subject],
        concurrency: 1,
        async handle(event, ctx) {
          const req = event.data as SnapshotRequest;
          const want = req.want.filter((w) => def.has.includes(w));
          if (!inScope(ctx.app, req) || !want.length) return;
          const sent = await def.answer(ctx.app.bus, { ...req, want }, ctx);
          ctx.log.info({ requestId: req.requestId, by: req.requestedBy, sent }, def.label);
        },
      }) as ConsumerDef,
  );
}
