import type { FastifyInstance } from 'fastify';
import { STREAMS, Subjects } from '@portal/contracts';
import { snapshotFeed, streamReach } from '@portal/service-kit';
import { applyUserFacts, finishUserSnapshot, membersAsOf } from './members.js';
import { applyLicenceFacts, finishLicenceSnapshot, licencesAsOf } from './licences.js';
import { applyConfigValues } from '../domain/config.js';
import { OrderConfigValue } from '../models/order-config.js';

/**
 * Filling an empty or stale read model of accounts (README "Read models"), on the kit's feed: the ACCOUNTS stream
 * keeps events 7 days and a new durable starts at the process start, so a fresh database (or one that slept past the
 * stream) would never learn the users and licences accounts already has. Orders then publishes
 * `orders.snapshot.requested.v1`; accounts answers with `accounts.snapshot.published.v1` pages, applied here like
 * events (ordered by time, idempotent).
 */
export const feed = snapshotFeed({
  requestedBy: 'orders',
  subject: Subjects.snapshotRequested,
  label: 'accounts snapshot',
});
export const REQUESTED_BY = feed.requestedBy;
const WANT = ['users', 'licences', 'config'] as const;

/** accounts.snapshot.published.v1 pages answering orders (of this scope) → members, licences and config. */
export const accountsSnapshotConsumer = feed.pages({
  durable: 'orders-accounts-snapshot',
  stream: STREAMS.accounts,
  subject: Subjects.snapshotPublished,
  async handle(p, { log }) {
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
 * unseen).
 */
export async function fillReason(app: FastifyInstance): Promise<string | null> {
  const members = await membersAsOf();
  if (!members) return 'empty';
  const filled = await filledKinds();
  if (WANT.some((k) => !filled.includes(k))) return 'never filled';
  const newest = [members, await licencesAsOf()]
    .filter((d): d is Date => !!d)
    .reduce((a, b) => (a > b ? a : b));
  return newest < (await streamReach(app, STREAMS.accounts)) ? 'older than the stream' : null;
}

/** Publishes a request now (the plugin below asks again until accounts answers). */
export const requestSnapshot = (app: FastifyInstance) => feed.request(app, { want: [...WANT] });

/**
 * Fastify plugin (registered with the routes): once the service is ready and NATS is up, asks for a snapshot when
 * fillReason says so, and asks again while no page of it arrives. Never holds the start; a failure is logged.
 */
export const accountsFeed = feed.plugin(async (app) => {
  const reason = await fillReason(app);
  return reason ? { reason, body: { want: [...WANT] } } : null;
});
