import { AccountState, isSuspended } from '@portal/contracts';
import { User } from '../models/user.js';
import { Tombstone } from '../models/tombstone.js';
import type { Deps } from './deps.js';

/** How far back deletions are re-announced at start: the kit keeps a deleted user's state this long (STATE_TTL_S). */
const DELETED_SYNC_WINDOW_MS = 24 * 3600_000;

/**
 * Ends every session of a user (password change or reset, suspension, deletion; issue 8): tokens issued before
 * now are refused by every service at once (the kit's user state in Redis: a per-user "not before"), and Keycloak
 * ends the sessions so no refresh token mints a new one. Both are needed: Keycloak cannot recall an access token
 * it already signed, and the "not before" alone would let a refresh token mint fresh ones.
 */
export async function endAllSessions(deps: Pick<Deps, 'userState' | 'keycloak'>, sub: string): Promise<void> {
  await deps.userState.revokeBefore(sub);
  await deps.keycloak.logoutUser(sub);
}

/**
 * After `verified` was written: a suspension is recorded in the kit's user state (a suspended user may read, to
 * see the suspension message, but not act) and ends the user's sessions; lifting it clears the state.
 */
export async function applySuspension(
  deps: Pick<Deps, 'userState' | 'keycloak'>,
  user: { sub?: string | null; verified?: unknown },
  verified: unknown,
): Promise<void> {
  if (!user.sub || isSuspended(verified) === isSuspended(user.verified)) return;
  await deps.userState.setSuspended(user.sub, isSuspended(verified));
  if (isSuspended(verified)) await endAllSessions(deps, user.sub);
}

/**
 * At service start: every suspended profile and every recent deletion is written to the kit's user state again, so
 * a suspended or deleted user's old token is refused even when Redis lost its state (a restart, a flush, a new
 * Redis) — the profiles are the durable record, Redis the fast copy every service reads.
 */
export async function syncUserStates(
  deps: Pick<Deps, 'userState'>,
): Promise<{ suspended: number; deleted: number }> {
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
  return { suspended: s, deleted: d };
}
