import { buildService, type Env } from '@portal/service-kit';
import { authRoutes } from './routes/auth.js';
import { usersRoutes } from './routes/users.js';
import { utilsRoutes } from './routes/utils.js';
import { User } from './models/user.js';
import { AppConfig } from './models/app-config.js';

/** Users/profiles and app config; identity itself lives in Keycloak. */
export async function buildApp(overrides?: Partial<Env>) {
  return buildService(
    {
      name: 'accounts',
      domain: 'accounts',
      routes: [authRoutes, usersRoutes, utilsRoutes],
      models: [User, AppConfig],
    },
    overrides,
  );
}
