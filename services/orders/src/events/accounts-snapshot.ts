import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects, type SnapshotRequestedData } from '@portal/contracts';
import { applyUserFacts, finishUserSnapshot, membersAsOf } from '../domain/members.js';
import { applyLicenceFacts, finishLicenceSnapshot, licencesAsOf } from '../domain/licences.js';
import { applyConfigValues } from '../domain/config.js';
import { OrderConfigValue } from '../models/order-config.js';

/**
 * Filling an empty or stale read model (README "Read models"): the ACCOUNTS stream keeps events 7 days and a new
 * durable starts at the process start, so a fresh database (or one that slept past the stream) would never learn
 * the users and licences accounts already has. Orders then publishes `orders.snapshot.requested.v1`; accounts
 * answers with `accounts.snapshot.published.v1` pages, applied here like events (ordered by time, idempotent).
 */
export const REQUESTED_BY = 'orders';
const WANT: SnapshotRequestedData['want'] = ['users', 'licences', 'config'];
/** Waits for accounts' first page before asking again (accounts down or restarting), doubling, this many times. */
export const RETRY_FIRST_MS = 30_000;
const RETRIES = 5;

const answered = new Set<string>();

export const accountsSnapshotConsumer = defineConsumer({
  durable: 'orders-accounts-snapshot',
  stream: STREAMS.accounts,
  subjects: [Subjects.snapshotPublished],
  concurrency: 1,
  async handle(event, { app, log }) {
    const p = event.data;
    if (p.requestedBy !== REQUESTED_BY || (p.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '')) return;
    answered.add(p.requestId);
    const asOf = new Date(p.asOf);
    for (const u of p.users ?? []) await applyUserFacts(u, asOf);
    for (const r of p.licences ?? []) await applyLicenceFacts(r, asOf);
    if (p.config) await applyConfigValues(p.config, asOf, { complete: true });
    if (!p.last) return;
    await markFilled(p.kind, asOf);
    const gone =
      p.kind === 'users'
        ? await finishUserSnapshot(asOf)
        : p.kind === 'licences'
          ? await finishLicenceSnapshot(asOf)
          : 0;
    log.info({ requestId: p.requestId, kind: p.kind, pages: p.page + 1, gone }, 'accounts snapshot applied');
  },
});

/**
 * Which snapshot kinds this database has applied whole, and when: kept beside the config values under a key no
 * config has (`_feed.users` …; never read as a switch). A read model that started listening after accounts had
 * data (its durable begins at the process start) is not empty, yet it was never filled: this says so.
 */
const FEED_KEY = (kind: string) => `_feed.${kind}`;
async function markFilled(kind: string, asOf: Date): Promise<void> {
  await OrderConfigValue.updateOne(
    { key: FEED_KEY(kind) },
    { $set: { value: asOf.toISOString(), asOf } },
    { upsert: true },
  );
}
export async function filledKinds(): Promise<string[]> {
  const docs = await OrderConfigValue.find({
    key: { $in: WANT.map(FEED_KEY) },
  }).lean<{ key: string }[]>();
  return docs.map((d) => d.key.slice('_feed.'.length)).sort();
}

/**
 * Why the read model needs a snapshot, or null: no members at all; a kind never filled by a whole snapshot; or its
 * newest fact is older than the oldest event the ACCOUNTS stream still holds (events in between may have expired
 * unseen; an empty stream counts as reaching back its max age).
 */
export async function fillReason(app: FastifyInstance): Promise<string | null> {
  const members = await membersAsOf();
  if (!members) return 'empty';
  const filled = await filledKinds();
  if (WANT.some((k) => !filled.includes(k))) return 'never filled';
  const newest = [members, await licencesAsOf()]
    .filter((d): d is Date => !!d)
    .reduce((a, b) => (a > b ? a : b));
  const info = await app.bus.jsm.streams.info(STREAMS.accounts);
  const oldest = info.state.messages
    ? new Date(info.state.first_ts)
    : new Date(Date.now() - Number(info.config.max_age) / 1e6);
  return newest < oldest ? 'older than the stream' : null;
}

/** Publishes a request now (retried by `fillOnStart` until accounts answers). */
export async function requestSnapshot(app: FastifyInstance): Promise<string> {
  const requestId = randomUUID();
  const scope = app.env.CONSUMER_SUFFIX ?? '';
  await app.bus.publish(Subjects.snapshotRequested, {
    requestId,
    requestedBy: REQUESTED_BY,
    want: WANT,
    ...(scope ? { scope } : {}),
  });
  return requestId;
}

/**
 * Fastify plugin (registered with the routes): once the service is ready and NATS is up, asks for a snapshot when
 * fillReason says so, and asks again while no page of it arrives. Never holds the start; a failure is logged.
 */
export async function accountsFeed(app: FastifyInstance): Promise<void> {
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      timer = setTimeout(r, ms);
      timer.unref();
    });
  const run = async () => {
    await app.bus.ready;
    const reason = await fillReason(app);
    if (!reason) return;
    for (let i = 0, wait = RETRY_FIRST_MS; i <= RETRIES && !closing; i++, wait *= 2) {
      const id = await requestSnapshot(app);
      app.log.info({ requestId: id, reason, attempt: i + 1 }, 'accounts snapshot requested');
      for (let t = 0; t < wait && !closing && !answered.has(id); t += 1000) await sleep(1000);
      if (answered.has(id) || closing) return;
    }
    app.log.warn('accounts did not answer the snapshot request; the read model fills from events only');
  };
  app.addHook('onReady', async () => {
    void run().catch((err) =>
      app.log.warn({ err: (err as Error).message }, 'accounts snapshot not requested'),
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
  });
}
