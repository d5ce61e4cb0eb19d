import { DEFAULT_ROLE, type RoleNumber } from '@portal/contracts';
import { User, type UserDoc } from '../models/user.js';

export interface Identity {
  sub: string;
  email?: string;
  role?: RoleNumber;
  firstName?: string;
  lastName?: string;
}

/**
 * The profile for a Keycloak identity: found by sub, else linked by email (seeded profiles have no sub yet),
 * else created (role from the token, not verified). Keycloak's realm roles are the source of truth for
 * authorisation, so the stored role follows the token's role whenever the token carries one.
 */
export async function ensureProfile(id: Identity): Promise<UserDoc> {
  const email = id.email?.toLowerCase();
  const set: Record<string, unknown> = { sub: id.sub };
  if (id.role !== undefined) set.role = id.role;
  // The common case (a linked profile whose role already matches) is a read, not a write.
  const found = await User.findOne({ sub: id.sub }).lean<UserDoc>();
  if (found && (id.role === undefined || found.role === id.role)) return found;
  if (found) {
    return (await User.findOneAndUpdate(
      { _id: found._id },
      { $set: set },
      { returnDocument: 'after' },
    ).lean<UserDoc>())!;
  }
  if (!email) throw new Error('token has neither a known sub nor an email');
  const linked = await User.findOneAndUpdate(
    { email },
    {
      $set: set,
      $setOnInsert: {
        email,
        verified: false,
        ...(id.role === undefined ? { role: DEFAULT_ROLE } : {}),
        ...(id.firstName || id.lastName ? { name: { firstName: id.firstName, lastName: id.lastName } } : {}),
      },
    },
    { returnDocument: 'after', upsert: true },
  ).lean<UserDoc>();
  return linked!;
}
