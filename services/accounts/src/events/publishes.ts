import { Subjects, type UserRefData, type UserVerifiedData } from '@portal/contracts';
import type { UserDoc } from '../models/user.js';

/** The events accounts writes to its outbox (stream ACCOUNTS). Payloads follow @portal/contracts. */
export interface OutboxEvent {
  subject: string;
  data: unknown;
}

const ref = (u: Pick<UserDoc, '_id' | 'email' | 'role'>, verified: unknown): UserRefData => ({
  userId: String(u._id),
  email: u.email,
  role: u.role,
  verified: verified as UserRefData['verified'],
});

/**
 * Events for a profile update: always `accounts.user.updated`; `accounts.user.verified` when verified goes from
 * anything but true to true; `accounts.user.suspended` when it becomes 'suspended'.
 */
export function userUpdateEvents(before: UserDoc, after: { verified?: unknown }): OutboxEvent[] {
  const verified = after.verified ?? before.verified;
  const events: OutboxEvent[] = [];
  if (after.verified === true && before.verified !== true) {
    const name = [before.name?.firstName, before.name?.lastName].filter(Boolean).join(' ');
    const data: UserVerifiedData = {
      userId: String(before._id),
      email: before.email,
      ...(name ? { name } : {}),
    };
    events.push({ subject: Subjects.userVerified, data });
  }
  if (after.verified === 'suspended' && before.verified !== 'suspended') {
    events.push({ subject: Subjects.userSuspended, data: ref(before, verified) });
  }
  events.push({ subject: Subjects.userUpdated, data: ref(before, verified) });
  return events;
}

export const configChanged = (keys: string[]): OutboxEvent => ({
  subject: Subjects.configChanged,
  data: { keys },
});
