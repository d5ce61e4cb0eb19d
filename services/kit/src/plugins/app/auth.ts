import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { DEFAULT_ROLE, Messages, roleFromRealmRoles, type RoleNumber } from '@portal/contracts';
import type { AuthUser, RouteInfo } from '../../types.js';
import { sendProblem } from './problem.js';

/** Keycloak bearer tokens on every route unless `config.public`; `config.roles` guards by role number. */
export default fp(
  async (app) => {
    const { KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_ISSUER } = app.env;
    const jwks = createRemoteJWKSet(
      new URL(`${KEYCLOAK_URL}/realms/${KEYCLOAK_REALM}/protocol/openid-connect/certs`),
    );
    const routes: RouteInfo[] = [];

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
        });
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      if (request.is404 || config.public) return;
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) return sendProblem(reply, 401, Messages.tokenInvalid);
      let user: AuthUser;
      let portalRole: RoleNumber | undefined;
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: KEYCLOAK_ISSUER });
        const realmRoles = ((payload.realm_access as { roles?: string[] } | undefined)?.roles ?? []).slice();
        portalRole = roleFromRealmRoles(realmRoles);
        user = {
          sub: String(payload.sub ?? ''),
          email: String(payload.email ?? payload.preferred_username ?? ''),
          name: String(payload.name ?? payload.preferred_username ?? ''),
          role: portalRole ?? DEFAULT_ROLE,
          realmRoles,
        };
      } catch (err) {
        request.log.debug({ err }, 'token rejected');
        return sendProblem(reply, 401, Messages.tokenInvalid);
      }
      request.user = user;
      if (config.roles && (portalRole === undefined || !config.roles.includes(portalRole))) {
        return sendProblem(reply, 403, Messages.forbidden);
      }
    });
  },
  { name: 'auth', dependencies: ['problem'] },
);
