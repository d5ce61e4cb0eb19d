import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RoleNumber } from '@portal/contracts';
import type { KeycloakClient } from '../adapters/keycloak/index.js';
import { durableUserState } from './revocations.js';

/**
 * What the domain modules use of the running service, passed in (never imported), so the rules run the same from a
 * route, a script or a unit test: Keycloak, the kit's per-user state in Redis, Redis itself, the public base URL.
 */
export interface Deps {
  keycloak: KeycloakClient;
  userState: FastifyInstance['userState'];
  redis: Redis;
  appUrl: string;
  log: FastifyBaseLogger;
}

export const depsOf = (app: FastifyInstance): Deps => ({
  keycloak: app.keycloak,
  // logouts and "not before" written to accounts' database first (they must outlive Redis)
  userState: durableUserState(app.userState),
  redis: app.redis,
  appUrl: app.env.APP_URL,
  log: app.log,
});

/** The signed-in caller as the kit's auth hook sets it (request.user). */
export interface Caller {
  sub: string;
  /** Staff verified the account (the kit's auth); false = under review: only self-service. */
  verified?: boolean;
  email?: string;
  role?: RoleNumber;
  sid?: string;
}
