import { STREAMS, Subjects, type UserRefData } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { MemberModel } from './member.js';
import { registerVendors } from './store.js';

/** Company users (vendors): their licences are registered vendors (contracts roles 3, 4). */
const COMPANY_ROLES = [3, 4];

/**
 * accounts' user facts (an `accounts.user.*` event or a snapshot page) → MemberModel, applied only when `asOf` is
 * newer than the stored fact (an older event never overwrites a newer one). A company user's licences become
 * registered vendors. A field an older event lacks keeps its stored value.
 */
export async function applyMember(u: UserRefData, asOf: Date, deleted = false): Promise<boolean> {
  const set: Record<string, unknown> = { email: u.email.toLowerCase(), deleted, asOf };
  if (u.sub !== undefined) set.sub = u.sub;
  if (u.name !== undefined) set.name = u.name;
  if (u.role !== undefined) set.role = u.role;
  if (u.companyKeys !== undefined) set.companyKeys = u.companyKeys;
  let written = !!(await MemberModel.findOneAndUpdate(
    { _id: u.userId, asOf: { $lt: asOf } },
    { $set: set },
    { returnDocument: 'before' },
  ).lean());
  if (!written) {
    try {
      await MemberModel.create({ _id: u.userId, ...set });
      written = true;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
  if (written && !deleted && COMPANY_ROLES.includes(Number(u.role)) && u.companyKeys?.length)
    await registerVendors(u.companyKeys, asOf.toISOString());
  return written;
}

/** accounts.user.* (the user as accounts wrote it) → MemberModel as of the envelope's time; deleted marks it gone. */
export const projectionUsersConsumer = defineConsumer({
  durable: 'billing-projection-users',
  stream: STREAMS.accounts,
  subjects: [Subjects.userCreated, Subjects.userUpdated, Subjects.userSuspended, Subjects.userDeleted],
  concurrency: 1,
  async handle(event) {
    await applyMember(event.data, new Date(event.time), event.type === Subjects.userDeleted);
  },
});
