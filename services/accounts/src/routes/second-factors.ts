import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { STAFF_ROLES } from '@portal/contracts';
import { problems } from '../schemas.js';
import { depsOf } from '../domain/deps.js';
import { SecondFactorMessages, removeSecurityKey, secondFactors } from '../domain/second-factors.js';

/** What the Profile's "Sign-in security" shows: no secret, no public key, no authenticator data (additional: false). */
const Factors = Type.Object(
  {
    required: Type.Boolean(),
    authenticatorApp: Type.Boolean(),
    keys: Type.Array(
      Type.Object(
        { id: Type.String(), label: Type.String(), createdAt: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * The caller's own second factors (staff: the roles the production realm asks for one). Registering one is
 * Keycloak's (the browser's application-initiated action, kc_action); listing and removing a key go through the
 * admin API here, always for the token's own subject. Open to an account under review (like change password: the
 * sign-in's own security is self-service); a suspended account reads only (the kit's auth).
 */
export const secondFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.get(
    '/users/me/second-factors',
    {
      config: { roles: STAFF_ROLES, allowUnverified: true },
      schema: {
        tags: ['users'],
        response: { 200: Type.Object({ data: Factors }), ...problems(401, 403, 502) },
      },
    },
    async (request) => ({ data: await secondFactors(deps, request.user) }),
  );

  app.delete(
    '/users/me/second-factors/keys/:id',
    {
      config: { roles: STAFF_ROLES, allowUnverified: true },
      schema: {
        tags: ['users'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) }),
        response: {
          200: Type.Object({ message: Type.String(), data: Factors }),
          ...problems(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request) => ({
      message: SecondFactorMessages.keyRemoved,
      data: await removeSecurityKey(deps, request.user, request.params.id),
    }),
  );
};
