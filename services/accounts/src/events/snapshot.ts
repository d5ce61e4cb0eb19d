import { answerSnapshots, keysetAfter, keysetPages, pageHead } from '@portal/service-kit';
import type { Bus, SnapshotRequest } from '@portal/service-kit';
import { STREAMS, Subjects, type SnapshotPublishedData } from '@portal/contracts';
import { User, type UserDoc } from '../models/user.js';
import { LicenceRecord, type LicenceRecordDoc } from '../models/licence-record.js';
import { publicConfig, readConfig } from '../models/app-config.js';
import { licenceFacts } from './facts.js';
import { userRef } from './publishes.js';

/** Users or licence records per page: pages stay well under NATS' 1 MB message limit (a user is ≤ ~3 KB). */
export const SNAPSHOT_PAGE = 100;

const USER_FIELDS = {
  email: 1,
  sub: 1,
  name: 1,
  role: 1,
  verified: 1,
  company: 1,
  alerts: 1,
  sameDayPickup: 1,
  signature: 1,
} as const;

type Page = Omit<SnapshotPublishedData, 'requestId' | 'requestedBy' | 'scope' | 'asOf'>;

/**
 * Accounts' current users, licence records and public config as `accounts.snapshot.published.v1` pages, for a read
 * model that is empty or older than the ACCOUNTS stream (orders' members, licences and config). Keyset paging by
 * _id; only the facts the user and licence events carry (events/facts.ts), never an internal config key.
 */
export async function publishSnapshot(bus: Pick<Bus, 'publish'>, req: SnapshotRequest): Promise<number> {
  const head = pageHead(req);
  let sent = 0;
  const send = async (p: Page) => {
    await bus.publish(Subjects.snapshotPublished, { ...head, ...p });
    sent++;
  };
  if (req.want.includes('users')) {
    await pages(User, USER_FIELDS, (docs, page, last) =>
      send({
        kind: 'users',
        page,
        last,
        users: (docs as UserDoc[]).map((u) => userRef(u, u.verified)),
      }),
    );
  }
  if (req.want.includes('licences')) {
    await pages(LicenceRecord, {}, (docs, page, last) =>
      send({
        kind: 'licences',
        page,
        last,
        licences: (docs as LicenceRecordDoc[]).map(licenceFacts),
      }),
    );
  }
  if (req.want.includes('config')) {
    await send({ kind: 'config', page: 0, last: true, config: publicConfig(await readConfig()) });
  }
  return sent;
}

/** Every document in _id order, SNAPSHOT_PAGE at a time (the kit's keysetPages). */
const pages = (
  model: typeof User | typeof LicenceRecord,
  projection: object,
  each: (docs: unknown[], page: number, last: boolean) => Promise<void>,
) =>
  keysetPages(
    (key, limit) =>
      (model as typeof User)
        .find(keysetAfter({}, key), projection)
        .sort({ _id: 1 })
        .limit(limit)
        .lean() as Promise<{ _id: unknown }[]>,
    SNAPSHOT_PAGE,
    each,
  );

/**
 * Accounts' answer to every reader's snapshot request (the kit's answerSnapshots): orders asks for users, licences
 * and config, billing for users. Answered only for requests of this instance's scope (its CONSUMER_SUFFIX; '' in
 * production), so a test app's request is not answered from the running stack's data. A failure part-way is retried
 * whole (pages are applied idempotently by the reader); each reader's pages name it, so the other skips them.
 */
export const snapshotAnswers = answerSnapshots({
  label: 'snapshot sent',
  has: ['users', 'licences', 'config'],
  answer: publishSnapshot,
  requests: [
    { durable: 'accounts-snapshot-requests', stream: STREAMS.orders, subject: Subjects.snapshotRequested },
    {
      durable: 'accounts-billing-snapshot',
      stream: STREAMS.billing,
      subject: Subjects.billingSnapshotRequested,
    },
  ],
});
