import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DEFAULT_ROLE, Messages, roleFromRealmRoles, type RoleNumber } from '@portal/contracts';
import type { AuthUser, RouteInfo } from '../../types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserState } from './user-state.js';
import { sendProblem } from './problem.js';
import { cacheCounter } from '../../cache-stats.js';

/** Keycloak signs with RS256 by default; anything else (none, HS*) is refused before the signature is read. */
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/** Verified tokens kept per process (bounded: a Map in insertion order, the oldest dropped first). */
const CACHE_MAX = 5000;
/** How much of a token's end keys its kept verdict (signature characters: two tokens sharing them take turns). */
const KEY_CHARS = 32;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
type ReadState = UserState & { sessionEnded: boolean };

/** Sends the problem and says "stop" (a hook that answered must not go on). */
const refuse = (reply: FastifyReply, status: number, detail: string): false => {
  sendProblem(reply, status, detail);
  return false;
};

interface Verified {
  user: AuthUser;
  portalRole: RoleNumber | undefined;
  /** Token expiry, iat (epoch s) and Keycloak session id, for the cache and the revocation checks. */
  exp: number;
  iat: number;
  sid?: string;
}

/**
 * Why a correctly signed token is still not a user's access token for this portal (undefined = fine). `testClient`
 * (the local and CI realm's confidential test client, empty elsewhere) is accepted beside the public client.
 */
export function claimProblem(payload: JWTPayload, portalClient: string, testClient = ''): string | undefined {
  if (payload.typ !== 'Bearer') return `typ ${String(payload.typ)}`; // ID / refresh tokens
  const client = payload.azp === portalClient || (testClient !== '' && payload.azp === testClient);
  if (!client) return `azp ${String(payload.azp)}`; // the service account, other clients
  if (!payload.sub) return 'no sub';
  if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return 'no exp/iat';
  if (payload.email_verified !== true) return 'email not verified'; // no session before the pin
  return undefined;
}

/** The test client whose tokens are accepted: the configured one, never in production (whatever is set). */
export const acceptedTestClient = (env: { PORTAL_ENV: string; KEYCLOAK_TEST_CLIENT_ID: string }): string =>
  env.PORTAL_ENV === 'production' ? '' : env.KEYCLOAK_TEST_CLIENT_ID;

/**
 * Keycloak bearer tokens on every route unless `config.public`; `config.roles` guards by role number.
 * A token must be a signed access token of the portal's own client (iss, aud, alg, typ, azp), for a verified email,
 * and its user must not be deleted, signed out (session ended) or revoked since it was issued (app.userState,
 * written by accounts). A suspended user may read (to see the suspension message) but not write. Fail closed on
 * review: a user whom staff have not verified (no verified marker in the user state) gets 403 "under review" on
 * every route but those that opt in with `config.allowUnverified` (the profile, sign-up steps, sign out, FAQ).
 */
export default fp(
  async (app) => {
    const { KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_ISSUER, KEYCLOAK_PUBLIC_CLIENT_ID, KEYCLOAK_AUDIENCE } =
      app.env;
    const testClient = acceptedTestClient(app.env);
    const jwks = createRemoteJWKSet(
      new URL(`${KEYCLOAK_URL}/realms/${KEYCLOAK_REALM}/protocol/openid-connect/certs`),
    );
    const routes: RouteInfo[] = [];
    // Keyed by the token's last characters (its signature's), the whole token compared on a hit: a Map key is
    // hashed over its whole length, and every request's header is a new string (a ~1 KB token hashed per request).
    const cache = new Map<string, { token: string; v: Verified }>();
    const keyOf = (token: string) => token.slice(-KEY_CHARS);
    const stats = cacheCounter('kit.tokens', { max: CACHE_MAX, size: () => cache.size });

    /** The kept verdict of a token that has not expired, else undefined (an expired one is dropped). */
    function cached(token: string): Verified | undefined {
      // Oldest first out (insertion order), not least recently used: re-inserting on every hit hashed the whole
      // token twice more per request; a token evicted while still in use is only verified again.
      const key = keyOf(token);
      const kept = cache.get(key);
      if (!kept || kept.token !== token) return undefined;
      if (kept.v.exp > Date.now() / 1000) {
        stats.hit();
        return kept.v;
      }
      cache.delete(key);
      return undefined;
    }

    async function verify(token: string): Promise<Verified | undefined> {
      const hit = cached(token);
      if (hit) return hit;
      stats.miss();
      const { payload } = await jwtVerify(token, jwks, {
        issuer: KEYCLOAK_ISSUER,
        audience: KEYCLOAK_AUDIENCE,
        algorithms: ALGORITHMS,
      });
      const why = claimProblem(payload, KEYCLOAK_PUBLIC_CLIENT_ID, testClient);
      if (why) throw new Error(why);
      const realmRoles = ((payload.realm_access as { roles?: string[] } | undefined)?.roles ?? []).slice();
      const portalRole = roleFromRealmRoles(realmRoles);
      const v: Verified = {
        user: {
          sub: String(payload.sub),
          email: String(payload.email ?? payload.preferred_username ?? ''),
          name: String(payload.name ?? payload.preferred_username ?? ''),
          role: portalRole ?? DEFAULT_ROLE,
          realmRoles,
        },
        portalRole,
        exp: payload.exp!,
        iat: payload.iat!,
        sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
      if (cache.size >= CACHE_MAX) {
        cache.delete(cache.keys().next().value!);
        stats.evicted();
      }
      cache.set(keyOf(token), { token, v });
      return v;
    }

    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('routeTable', () => routes.map((r) => ({ ...r })));
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' && r.url && routes.some((x) => x.url === r.url && x.method === 'GET')) continue;
        routes.push({
          method,
          url: r.url ?? r.path,
          public: r.config?.public === true,
          roles: r.config?.roles,
          allowUnverified: r.config?.allowUnverified === true,
          allowSuspended: r.config?.allowSuspended === true,
        });
      }
    });

    /**
     * The answer for a verified token and its user's state: true to go on, else the problem is sent. The same for
     * both paths below.
     */
    function admit(request: FastifyRequest, reply: FastifyReply, v: Verified, state: ReadState): boolean {
      const config = request.routeOptions.config;
      if (state.deleted || state.sessionEnded || (state.nbf !== undefined && v.iat < state.nbf)) {
        return refuse(reply, 401, Messages.tokenInvalid);
      }
      const verified = !!state.verified;
      request.user = { ...v.user, suspended: !!state.suspended, verified, sid: v.sid };
      // A suspended user is never verified too: the suspension's rule (read, not write) and message apply.
      if (state.suspended) {
        if (!READ_METHODS.has(request.method) && !config.allowSuspended) {
          return refuse(reply, 403, Messages.suspended);
        }
      } else if (!verified && !config.allowUnverified) {
        // Redis unreachable and nothing known of this user yet: not "under review", just not answerable now.
        if (state.unknown) return refuse(reply, 503, Messages.serviceUnavailable);
        return refuse(reply, 403, Messages.underReview);
      }
      if (config.roles && (v.portalRole === undefined || !config.roles.includes(v.portalRole))) {
        return refuse(reply, 403, Messages.forbidden);
      }
      return true;
    }

    /** A token not kept yet, or a user whose state this process holds no copy of: verified and read. */
    async function slowPath(request: FastifyRequest, reply: FastifyReply, token: string): Promise<boolean> {
      let v: Verified | undefined;
      try {
        v = await verify(token);
      } catch (err) {
        request.log.debug({ err }, 'token rejected');
      }
      if (!v) return refuse(reply, 401, Messages.tokenInvalid);
      // A revocation must take effect at once in every service: the store's copy of a user's state is dropped the
      // moment a change is announced (user-state-cache.ts), and read from Redis while changes cannot be heard.
      // No store (a bare app) knows of no verification either: such a user is under review (fail closed).
      const state: ReadState = app.hasDecorator('userState')
        ? await app.userState.read(v.user.sub, v.sid)
        : { sessionEnded: false };
      return admit(request, reply, v, state);
    }

    // A callback hook: a kept verdict and a held copy of the user's state (the common request) are answered
    // synchronously, with no promise and no tick of the event loop; anything else goes the asynchronous way.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.is404 || request.routeOptions.config.public) return done();
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) return void refuse(reply, 401, Messages.tokenInvalid);
      const v = cached(token);
      const state = v && app.hasDecorator('userState') ? app.userState.peek?.(v.user.sub, v.sid) : undefined;
      if (v && state) {
        if (admit(request, reply, v, state)) done();
        return;
      }
      slowPath(request, reply, token).then((go) => go && done(), done);
    });
  },
  { name: 'auth', dependencies: ['problem'] },
);
