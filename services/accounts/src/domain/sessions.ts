import { AccountState, isApproved, isSuspended } from '@portal/contracts';
import { User } from '../models/user.js';
import { Tombstone } from '../models/tombstone.js';
import type { Deps } from './deps.js';
import { restoreRevocations } from './revocations.js';

/** How far back deletions are re-announced at start: the kit keeps a deleted user's state this long (STATE_TTL_S). */
const DELETED_SYNC_WINDOW_MS = 24 * 3600_000;

/**
 * Ends every session of a user (password change or reset, suspension, deletion): tokens issued before
 * now are refused by every service at once (the kit's user state in Redis: a per-user "not before"), and Keycloak
 * ends the sessions so no refresh token mints a new one. Both are needed: Keycloak cannot recall an access token
 * it already signed, and the "not before" alone would let a refresh token mint fresh ones.
 */
export async function endAllSessions(deps: Pick<Deps, 'userState' | 'keycloak'>, sub: string): Promise<void> {
  await deps.userState.revokeBefore(sub);
  await deps.keycloak.logoutUser(sub);
}

/**
 * Before `verified` is written: taking verification away removes the marker first, so a Redis failure stops the
 * change instead of leaving a marker on a profile that is no longer verified (the review fails closed). Granting it
 * writes the marker after the profile (applyAccountState): a lost write is mended by the restore at start.
 */
export async function revokeBeforeWrite(
  deps: Pick<Deps, 'userState'>,
  user: { sub?: string | null },
  verified: unknown,
): Promise<void> {
  if (user.sub && !isApproved(verified)) await deps.userState.setVerified(user.sub, false);
}

/**
 * After `verified` was written (`user` is the profile before): the kit's user state follows it. Staff review: the
 * "verified" marker is set when the account becomes verified and removed when it leaves verified (pending again or
 * suspended) — every service refuses a user without it (but the profile, sign-up steps, sign out, FAQ). A
 * suspension is recorded (a suspended user may read, to see the suspension message, but not act) and ends the
 * user's sessions; lifting it clears the state. The marker is written whatever the state before, so a write lost
 * to a Redis blip is mended by the next change (and by the restore at start).
 */
export async function applyAccountState(
  deps: Pick<Deps, 'userState' | 'keycloak'>,
  user: { sub?: string | null; verified?: unknown },
  verified: unknown,
): Promise<void> {
  if (!user.sub) return;
  await deps.userState.setVerified(user.sub, isApproved(verified));
  if (isSuspended(verified) === isSuspended(user.verified)) return;
  await deps.userState.setSuspended(user.sub, isSuspended(verified));
  if (isSuspended(verified)) await endAllSessions(deps, user.sub);
}

/**
 * At service start (and when accounts' Redis connection comes back): every suspended profile, every verified
 * profile's marker, every recent deletion and every live logout and "not before" (revocations.ts) is written to the
 * kit's user state again, so a suspended or deleted
 * user's old token is refused and a verified user is let in even when Redis lost its state (a restart, a flush, a
 * new Redis) — the profiles are the durable record, Redis the fast copy every service reads. Markers are only added
 * here, never removed: a marker is removed before its profile leaves verified (revokeBeforeWrite), and a restore
 * must not clear the markers of another accounts database sharing the Redis (the test suites share the stack's).
 */
export async function syncUserStates(
  deps: Pick<Deps, 'userState'>,
): Promise<{ suspended: number; verified: number; deleted: number; sessions: number; notBefore: number }> {
  const verified = (
    await User.find({ sub: { $ne: null }, verified: AccountState.Verified }, { sub: 1 }).lean<
      { sub?: string | null }[]
    >()
  ).flatMap((u) => (u.sub ? [u.sub] : []));
  await deps.userState.setVerifiedMany(verified, true);
  const suspended = await User.find({ verified: AccountState.Suspended }, { sub: 1 }).lean<
    { sub?: string | null }[]
  >();
  let s = 0;
  for (const u of suspended) {
    if (!u.sub) continue;
    await deps.userState.setSuspended(u.sub, true);
    s++;
  }
  const since = new Date(Date.now() - DELETED_SYNC_WINDOW_MS);
  const stones = await Tombstone.find({ kind: 'user', createdAt: { $gt: since } }, { sub: 1 }).lean<
    { sub?: string | null }[]
  >();
  let d = 0;
  for (const t of stones) {
    if (!t.sub) continue;
    await deps.userState.markDeleted(t.sub);
    d++;
  }
  const revoked = await restoreRevocations(deps.userState);
  return { suspended: s, verified: verified.length, deleted: d, ...revoked };
}
