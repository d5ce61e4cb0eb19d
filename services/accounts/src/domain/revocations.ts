import { STATE_TTL_S, type UserStateStore } from '@portal/service-kit';
import { Revocation } from '../models/revocation.js';

const expiry = () => new Date(Date.now() + STATE_TTL_S * 1000);

/**
 * The kit's user state with logouts and "not before" kept durably: each is written to accounts' database first, then
 * to Redis, so a Redis that restarts empty (or fails over to a replica that missed the write) cannot let a logged-out
 * or revoked token back in — the restore (restoreRevocations) writes them to Redis again. Everything else passes
 * through (suspensions and deletions are already durable: the profile and its tombstone).
 */
export function durableUserState(inner: UserStateStore): UserStateStore {
  return {
    read: (sub, sid) => inner.read(sub, sid),
    setSuspended: (sub, s) => inner.setSuspended(sub, s),
    setVerified: (sub, v) => inner.setVerified(sub, v),
    setVerifiedMany: (subs, v) => inner.setVerifiedMany(subs, v),
    markDeleted: (sub) => inner.markDeleted(sub),
    async revokeBefore(sub, atMs = Date.now()) {
      const nbf = Math.floor(atMs / 1000);
      // the latest "not before" wins (two revocations in a row keep the later)
      await Revocation.updateOne(
        { _id: `nbf:${sub}` },
        { $set: { kind: 'nbf', key: sub, expiresAt: expiry() }, $max: { nbf } },
        { upsert: true },
      );
      await inner.revokeBefore(sub, atMs);
    },
    async endSession(sid) {
      await Revocation.updateOne(
        { _id: `sid:${sid}` },
        { $set: { kind: 'sid', key: sid, expiresAt: expiry() } },
        { upsert: true },
      );
      await inner.endSession(sid);
    },
  };
}

/**
 * Every live revocation written to the kit's user state again (accounts' start and Redis reconnect, with the
 * suspensions and deletions: sessions.ts syncUserStates); expired rows are removed. Returns how many were written.
 */
export async function restoreRevocations(
  store: UserStateStore,
): Promise<{ sessions: number; notBefore: number }> {
  const now = new Date();
  await Revocation.deleteMany({ expiresAt: { $lte: now } });
  const live = await Revocation.find({ expiresAt: { $gt: now } }).lean<
    { kind: 'sid' | 'nbf'; key: string; nbf?: number }[]
  >();
  let sessions = 0;
  let notBefore = 0;
  for (const r of live) {
    if (r.kind === 'sid') {
      await store.endSession(r.key);
      sessions++;
    } else if (r.nbf) {
      await store.revokeBefore(r.key, r.nbf * 1000);
      notBefore++;
    }
  }
  return { sessions, notBefore };
}
