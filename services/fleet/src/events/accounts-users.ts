import { defineConsumer } from '@portal/service-kit';
import { Role, STREAMS, Subjects, isSuspended, type DriverLinkData } from '@portal/contracts';
import { PortalUser } from '../models/portal-user.js';
import { Driver, type DriverDoc } from '../models/driver.js';
import { linkEvents, linkFor, usersWithEmail } from '../domain/driver-links.js';

export const USER_SUBJECTS = [
  Subjects.userCreated,
  Subjects.userUpdated,
  Subjects.userVerified,
  Subjects.userSuspended,
  Subjects.userDeleted,
] as const;
type UserEvent = { type: string; data: { userId: string; email: string; role?: number; verified?: unknown } };

/** The read model's fields an accounts.user.* event sets (a field the event lacks is left as stored). Pure. */
export function readModelUpdate(e: UserEvent) {
  const d = e.data;
  return {
    email: d.email.trim().toLowerCase(),
    ...(d.role !== undefined ? { role: d.role } : {}),
    ...(d.verified !== undefined ? { suspended: isSuspended(d.verified) } : {}),
    deleted: e.type === Subjects.userDeleted,
  };
}

/** Keeps the read model and the driver links current with one accounts user event; idempotent (a replay sets the same). */
export async function applyUserEvent(e: UserEvent): Promise<void> {
  const set = readModelUpdate(e);
  const user = await PortalUser.findOneAndUpdate(
    { userId: e.data.userId },
    { $set: set },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  if (!user) return;
  const drivers = await Driver.find({
    deleted: false,
    $or: [{ email: set.email }, { userId: e.data.userId }],
  }).lean<DriverDoc[]>();
  const reason: NonNullable<DriverLinkData['reason']> = user.deleted
    ? 'user-deleted'
    : user.role !== Role.Driver
      ? 'user-not-driver'
      : 'user-email-changed';
  for (const d of drivers) {
    const before = { userId: d.userId ?? '', email: d.email ?? '' };
    const link = linkFor(d.email ?? '', await usersWithEmail(d.email ?? ''));
    const events = linkEvents(d, before, link, reason);
    if (!events.length) continue;
    // conditional on the link read: a concurrent save that moved it wins, this event's replay re-decides
    await Driver.updateOneWithEvents(
      { _id: d._id, userId: before.userId },
      { $set: { userId: link?.userId ?? '' } },
      events,
    );
  }
}

/** accounts.user.* → fleet's read model of users and the driver links (one durable for the five subjects). */
export const accountsUsersConsumer = defineConsumer({
  durable: 'fleet-accounts-users',
  stream: STREAMS.accounts,
  subjects: USER_SUBJECTS,
  // one at a time: events of one user must not overtake each other in the read model
  concurrency: 1,
  async handle(event) {
    await applyUserEvent(event as UserEvent);
  },
});
