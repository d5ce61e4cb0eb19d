import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyUserFacts } from '../readmodels/members.js';

/** The user events that carry a user's facts (accounts.user.verified only repeats what its updated event says). */
export const USER_SUBJECTS = [
  Subjects.userCreated,
  Subjects.userUpdated,
  Subjects.userSuspended,
  Subjects.userDeleted,
] as const;

/** accounts.user.* → orders' members (readmodels/members.ts); each fact ordered by the event's time. */
export const accountsUsersConsumer = defineConsumer({
  durable: 'orders-accounts-users',
  stream: STREAMS.accounts,
  subjects: USER_SUBJECTS,
  // one at a time: events of one user must not overtake each other in the read model
  concurrency: 1,
  async handle(event) {
    await applyUserFacts(event.data, new Date(event.time), {
      deleted: event.type === Subjects.userDeleted,
    });
  },
});
