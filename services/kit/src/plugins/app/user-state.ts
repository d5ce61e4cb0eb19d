import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { announce, subscribeChanges, UserStateCache, type StateChange } from './user-state-cache.js';

/**
 * Per-user session state in Redis, written by accounts and read by every service's auth hook:
 * the kit never reads accounts' collections, yet a logout, password change, suspension or deletion takes effect
 * on the next request everywhere instead of when the 15-minute access token expires.
 *
 * - `portal:user:{sub}` hash: `nbf` (epoch seconds: tokens issued before it are refused), `deleted` ("1").
 *   Absent = nothing against the user (Keycloak's signature already proves the user exists).
 * - `portal:suspended:{sub}`: the account is suspended (no expiry: it lasts until accounts clears it).
 * - `portal:verified:{sub}`: staff verified the account (no expiry). Fail closed: a user without it is under
 *   review and may use only the routes that opt in (`config.allowUnverified`: the profile, sign-up steps, sign
 *   out, FAQ). Accounts is its only writer: set whenever a profile's `verified` becomes true, deleted when it
 *   leaves true, and every verified profile's marker written again at accounts' start and Redis reconnect.
 * - `portal:sid:{sid}` string: a Keycloak session ended by logout (its tokens are refused until they expire).
 *
 * Entries that only matter while old tokens live (nbf, sid, deleted) expire after STATE_TTL_S, which must be
 * longer than the access-token lifespan (900 s).
 *
 * Each process keeps a copy of what it read (user-state-cache.ts): every write below announces the users and
 * sessions it changed on a pub/sub channel and every process drops those copies as the message arrives, so a
 * request costs no Redis round trip and a revocation still takes effect at once everywhere.
 */
export interface UserState {
  nbf?: number;
  suspended?: boolean;
  deleted?: boolean;
  /** Staff verified the account (the marker is present). */
  verified?: boolean;
  /** Redis could not be read and this process has no earlier answer for the user: nothing is known. */
  unknown?: boolean;
}

export interface UserStateStore {
  /** The user's state plus whether the token's session was ended (read on every authenticated request). */
  read(sub: string, sid?: string): Promise<UserState & { sessionEnded: boolean }>;
  /**
   * What `read` would answer from this process's copy, when it has one it may serve now (else undefined): no
   * Redis, no promise. The auth hook's fast path; `read` stays the rule.
   */
  peek?(sub: string, sid?: string): (UserState & { sessionEnded: boolean }) | undefined;
  /** Refuse every token of the user issued before now (password change, suspension, deletion). */
  revokeBefore(sub: string, atMs?: number): Promise<void>;
  /** Refuse the tokens of one Keycloak session (logout). */
  endSession(sid: string): Promise<void>;
  setSuspended(sub: string, suspended: boolean): Promise<void>;
  /** Staff verified the account (true) or it is no longer verified: pending again or suspended (false). */
  setVerified(sub: string, verified: boolean): Promise<void>;
  /** The same for many users at once (accounts' start-up restore: one pipeline per batch, not a round trip each). */
  setVerifiedMany(subs: string[], verified: boolean): Promise<void>;
  markDeleted(sub: string): Promise<void>;
}

/** Long enough for any token issued before the event to have expired (access tokens live 900 s). */
export const STATE_TTL_S = 24 * 3600;
const userKey = (sub: string) => `portal:user:${sub}`;
const sidKey = (sid: string) => `portal:sid:${sid}`;
const suspendedKey = (sub: string) => `portal:suspended:${sub}`;
export const verifiedKey = (sub: string) => `portal:verified:${sub}`;

type ReadState = UserState & { sessionEnded: boolean };

/**
 * The store over `redis`. With `cache` (the plugin's; subscribed to the announcements) reads are served from it;
 * writers without one (accounts' tools, tests) still announce, so every cache drops what they change.
 */
export function userStateStore(
  redis: Redis,
  onError: (err: Error) => void,
  cache?: UserStateCache<ReadState>,
): UserStateStore {
  /** After a write: this process's copies go now, every other process's when the announcement arrives. */
  const changed = (change: StateChange) => announce(redis, change);
  // Last answer per user: used when Redis is briefly unreachable, so a blip neither locks everyone out nor
  // silently forgets a revocation that this process has already seen.
  const lastKnown = new Map<string, ReadState>();
  const remember = (k: string, v: ReadState) => {
    if (lastKnown.size >= 10_000) lastKnown.delete(lastKnown.keys().next().value!);
    lastKnown.set(k, v);
  };
  return {
    peek: (sub, sid) => cache?.get(sub, sid),
    async read(sub, sid) {
      const k = `${sub}|${sid ?? ''}`;
      const copy = cache?.get(sub, sid);
      if (copy) return copy;
      const generation = cache?.generation() ?? 0;
      try {
        // two commands sent together (one round trip): the user's hash, and the three string flags
        const [h, [suspended, verified, ended]] = await Promise.all([
          redis.hgetall(userKey(sub)),
          redis.mget(suspendedKey(sub), verifiedKey(sub), sid ? sidKey(sid) : suspendedKey(sub)),
        ]);
        const v = {
          nbf: h.nbf ? Number(h.nbf) : undefined,
          suspended: suspended !== null,
          verified: verified !== null,
          deleted: h.deleted === '1',
          sessionEnded: !!sid && ended !== null,
        };
        remember(k, v);
        cache?.set(sub, sid, v, generation);
        return v;
      } catch (err) {
        onError(err as Error);
        return lastKnown.get(k) ?? { sessionEnded: false, unknown: true };
      }
    },
    async revokeBefore(sub, atMs = Date.now()) {
      // Seconds, compared with the token's `iat` (also seconds): a token issued in this same second still works,
      // which lets the user sign in again at once after a password change.
      await redis
        .multi()
        .hset(userKey(sub), 'nbf', String(Math.floor(atMs / 1000)))
        .expire(userKey(sub), STATE_TTL_S)
        .exec();
      await changed({ subs: [sub] });
    },
    async endSession(sid) {
      await redis.set(sidKey(sid), '1', 'EX', STATE_TTL_S);
      await changed({ sids: [sid] });
    },
    async setSuspended(sub, suspended) {
      if (suspended) await redis.set(suspendedKey(sub), '1');
      else await redis.del(suspendedKey(sub));
      await changed({ subs: [sub] });
    },
    async setVerified(sub, verified) {
      if (verified) await redis.set(verifiedKey(sub), '1');
      else await redis.del(verifiedKey(sub));
      await changed({ subs: [sub] });
    },
    async setVerifiedMany(subs, verified) {
      for (let i = 0; i < subs.length; i += 500) {
        const p = redis.pipeline();
        for (const sub of subs.slice(i, i + 500)) {
          if (verified) p.set(verifiedKey(sub), '1');
          else p.del(verifiedKey(sub));
        }
        const results = (await p.exec()) ?? [];
        const failed = results.find(([err]) => err);
        if (failed) throw failed[0]!;
        await changed({ subs: subs.slice(i, i + 500) });
      }
    },
    async markDeleted(sub) {
      await redis
        .multi()
        .hset(userKey(sub), 'deleted', '1', 'nbf', String(Math.ceil(Date.now() / 1000)))
        .expire(userKey(sub), STATE_TTL_S)
        .exec();
      await changed({ subs: [sub] });
    },
  };
}

/** Decorates `app.userState` over the service's Redis connection, its reads kept until a change is announced. */
export default fp(
  async (app) => {
    const cache = new UserStateCache<ReadState>();
    const close = await subscribeChanges(app.redis, cache, app.log);
    app.addHook('onClose', close);
    app.decorate(
      'userState',
      userStateStore(app.redis, (err) => app.log.warn({ err: err.message }, 'user state unavailable'), cache),
    );
  },
  { name: 'user-state', dependencies: ['redis'] },
);
