import { Type } from 'typebox';
import { buildService, SealEnvKey, type Env } from '@portal/service-kit';
import { keycloakPlugin } from './adapters/keycloak/index.js';
import { authRoutes } from './routes/auth.js';
import { usersRoutes } from './routes/users.js';
import { usersUpdateRoutes } from './routes/users-update.js';
import { usersAdminRoutes } from './routes/users-admin.js';
import { secondFactorRoutes } from './routes/second-factors.js';
import { invitesRoutes } from './routes/invites.js';
import { licenseRoutes } from './routes/license.js';
import { quickRoutes } from './routes/quick.js';
import { utilsRoutes } from './routes/utils.js';
import { User } from './models/user.js';
import { AppConfig } from './models/app-config.js';
import { Invite } from './models/invite.js';
import { LicenceRecord } from './models/licence-record.js';
import { Tombstone } from './models/tombstone.js';
import { startup } from './startup.js';
import { consumers } from './events/index.js';
import { cacheDrops } from './models/cache-drops.js';
import { forgetProfiles } from './models/profile-cache.js';
import { dropConfigCache } from './domain/config.js';

/** Service env beyond the kit's: the accounting system's customer-list API (a local stub in dev and tests). */
const AccountsEnv = Type.Object({
  ACCOUNTING_URL: Type.String({ default: 'http://127.0.0.1:8930' }),
  ACCOUNTING_REALM: Type.String({ default: 'portal-demo' }),
  ACCOUNTING_TOKEN: Type.String({ default: '' }),
  /** The confidential client change password checks the current password on (its direct grant only; no audience). */
  KEYCLOAK_PASSWORD_CHECK_CLIENT_ID: Type.String({ default: 'portal-password-check' }),
  KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET: Type.String({
    default: 'portal-password-check-local-secret-8e2f4c91',
  }),
  /** Seals pins, reset codes and invite tokens in events (events/publishes.ts); notifications has the same key. */
  EVENT_SEAL_KEY: SealEnvKey,
});

/**
 * Users/profiles, invites, licence records and app config; identity itself lives in Keycloak. The rooms:
 * routes/ (schema, authorise, call) → domain/ (rules and writes) → models/ (collections) and adapters/ (Keycloak,
 * accounting); events/ is what accounts publishes. README.md has the map.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'accounts',
      domain: 'accounts',
      routes: [
        keycloakPlugin, // first: `fastify.keycloak` for the route plugins after it
        cacheDrops({ profiles: forgetProfiles, config: dropConfigCache }), // the profile and config copies dropped across replicas
        startup,
        authRoutes,
        usersRoutes,
        usersUpdateRoutes,
        usersAdminRoutes,
        secondFactorRoutes,
        invitesRoutes,
        licenseRoutes,
        quickRoutes,
        utilsRoutes,
      ],
      // profiles (mongo), the outbox relay (nats), user state and rate limits (redis), uploads (s3); no SMTP
      backends: ['mongo', 'nats', 'redis', 's3'],
      models: [User, AppConfig, Invite, LicenceRecord, Tombstone],
      // snapshot requests of others' read models (events/snapshot.ts)
      consumers,
      env: AccountsEnv,
    },
    overrides,
  );
}
