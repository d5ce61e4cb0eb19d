import type { FastifyInstance } from 'fastify';
import { User, companyKeysOf } from './models/user.js';
import { backfillCompanyKeys } from './models/company-keys.js';
import { backfillLicenceKeys } from './models/licence-record.js';
import { syncUserStates } from './domain/sessions.js';

/**
 * What accounts does once per start. Licence records written before licenseKey existed get it now (before the kit's
 * start-up index sync on ready makes it unique; there are few). Once ready, in the background: profiles written
 * before companyKeys existed get theirs (thousands of profiles must not hold the start past Fastify's plugin
 * timeout — the bench's 5,000 did), and the suspended and recently deleted users are written to the kit's user
 * state again (issue 8: a restart or a Redis that lost its data must not let a suspended user's old token back in).
 * A failure of either is logged, not fatal: Redis may be down for a while, and the backfill runs again next start.
 */
export async function startup(app: FastifyInstance): Promise<void> {
  await backfillLicenceKeys(app.log);
  let background: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    background = (async () => {
      const t = Date.now();
      const filled = await backfillCompanyKeys(User, companyKeysOf);
      if (filled) app.log.info({ filled, ms: Date.now() - t }, 'companyKeys backfilled');
    })().catch((err) => app.log.warn({ err: (err as Error).message }, 'companyKeys backfill stopped'));
    try {
      const synced = await syncUserStates(app);
      app.log.info(synced, 'user states synced');
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'user states not synced at start');
    }
  });
  // the backfill finishes (or fails on the closing connection, logged) before the database connection closes
  app.addHook('onClose', async () => {
    await background;
  });
}
(startup as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
