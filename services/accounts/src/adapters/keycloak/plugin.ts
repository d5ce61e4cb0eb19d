import type { FastifyInstance } from 'fastify';
import { KeycloakClient } from './client.js';
import { keycloakFromEnv } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts' Keycloak client (public-client grants and the service account's admin API), one per app. */
    keycloak: KeycloakClient;
  }
}

/**
 * Decorates `fastify.keycloak` from the app's env (KEYCLOAK_*), so every route and domain call shares one client and
 * one service-account token. Registered first among the routes; `skip-override` (what fastify-plugin sets) makes the
 * decorator visible to the sibling route plugins instead of staying inside its own encapsulation context.
 */
export async function keycloakPlugin(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('keycloak')) app.decorate('keycloak', new KeycloakClient(keycloakFromEnv(app.env)));
}
(keycloakPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
