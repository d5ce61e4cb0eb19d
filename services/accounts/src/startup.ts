import type { FastifyInstance } from 'fastify';
import { User, companyKeysOf } from './models/user.js';
import { backfillCompanyKeys } from './models/company-keys.js';
import { backfillLicenceKeys } from './models/licence-record.js';
import { syncUserStates } from './domain/sessions.js';
import { onProfileLinked } from './domain/profiles.js';

/**
 * What accounts does once per start. Licence records written before licenseKey existed get it now (before the kit's
 * start-up index sync on ready makes it unique; there are few). Once ready, in the background: profiles written
 * before companyKeys existed get theirs (thousands of profiles must not hold the start past Fastify's plugin
 * timeout — the bench's 5,000 did), and the suspended and recently deleted users are written to the kit's user
 * state again (a restart or a Redis that lost its data must not let a suspended user's old token back in),
 * with every verified profile's "verified" marker (the kit's auth fails closed on staff review), and again each time
 * the Redis connection comes back after a loss (a restarted Redis starts empty: verified users would be held under
 * review until the next start). A failure of either is logged, not fatal: Redis may be down for a while, and the
 * backfill runs again next start.
 */
export async function startup(app: FastifyInstance): Promise<void> {
  await backfillLicenceKeys(app.log);
  // a seeded or staff-made verified profile linked to its sub on first sign-in gets its marker then
  // (a Redis blip must not fail the sign-in: the restore on reconnect writes the marker)
  onProfileLinked((sub, verified) =>
    app.userState
      .setVerified(sub, verified)
      .catch((err: Error) => app.log.warn({ err: err.message }, 'verified marker not written')),
  );
  let syncing: Promise<void> | undefined;
  let again = false;
  const sync = (why: string): Promise<void> => {
    if (syncing) {
      again = true; // a reconnect during a run: run once more after it
      return syncing;
    }
    syncing = (async () => {
      try {
        const synced = await syncUserStates(app);
        app.log.info({ ...synced, why }, 'user states synced');
      } catch (err) {
        app.log.warn({ err: (err as Error).message, why }, 'user states not synced');
      } finally {
        syncing = undefined;
        if (again) {
          again = false;
          void sync('redis back during a sync');
        }
      }
    })();
    return syncing;
  };
  let ready = false;
  // 'ready' also fires on the first connect (before onReady's sync): only a reconnect after that counts
  app.redis.on('ready', () => {
    if (ready) void sync('redis reconnected');
  });
  let background: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    background = (async () => {
      const t = Date.now();
      const filled = await backfillCompanyKeys(User, companyKeysOf);
      if (filled) app.log.info({ filled, ms: Date.now() - t }, 'companyKeys backfilled');
    })().catch((err) => app.log.warn({ err: (err as Error).message }, 'companyKeys backfill stopped'));
    await sync('start');
    ready = true;
  });
  // the backfill finishes (or fails on the closing connection, logged) before the database connection closes
  app.addHook('onClose', async () => {
    ready = false;
    await background;
    await syncing;
  });
}
(startup as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
