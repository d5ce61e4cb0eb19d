import type { FastifyInstance } from 'fastify';
import { User, companyKeysOf } from './models/user.js';
import { backfillCompanyKeys } from './models/company-keys.js';
import { backfillLicenceKeys } from './models/licence-record.js';
import { syncUserStates } from './domain/sessions.js';

/**
 * What accounts does once per start. Data written before a derived key existed gets it now (before the kit's
 * start-up index sync on ready makes licenseKey unique); once ready, the suspended and recently deleted users
 * are written to the kit's user state again (issue 8: a restart or a Redis that lost its data must not let a
 * suspended user's old token back in). A failure of the sync is logged, not fatal: Redis may be down for a while.
 */
export async function startup(app: FastifyInstance): Promise<void> {
  await backfillLicenceKeys(app.log);
  await backfillCompanyKeys(User, companyKeysOf);
  app.addHook('onReady', async () => {
    try {
      const synced = await syncUserStates(app);
      app.log.info(synced, 'user states synced');
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'user states not synced at start');
    }
  });
}
(startup as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
