import type { FastifyInstance } from 'fastify';
import { replicaDrops } from '@portal/service-kit';

/** What this service keeps per replica and drops on a write: the callers' profiles, the public config. */
export type CacheName = 'profiles' | 'config';
export const CACHE_DROPS_CHANNEL = 'portal:accounts:cache-drops';

let tell: ((name: CacheName) => void) | undefined;
/** A write here: the other replicas drop their copies of `name` too (at once, not after its ttl). */
export const tellReplicas = (name: CacheName): void => tell?.(name);

/**
 * Route plugin (given what drops each copy, by the app that owns both, so this module depends on neither): the
 * profile and config copies are dropped across replicas over Redis (kit replicaDrops): a profile
 * saved or a user demoted through one replica was answered as before by another for PROFILE_TTL_MS, the public
 * config for CONFIG_TTL_MS. The channel is per database (a test app never drops the stack's copies).
 */
export const cacheDrops = (dropOf: Record<CacheName, () => void>) =>
  async function cacheDropsPlugin(app: FastifyInstance): Promise<void> {
    const drop = (name: string) => {
      for (const [k, fn] of Object.entries(dropOf)) if (name === k || name === '*') fn();
    };
    const drops = await replicaDrops({
      redis: app.redis,
      channel: `${CACHE_DROPS_CHANNEL}:${app.mongo.name}`,
      onDrop: drop,
      log: app.log,
    });
    tell = drops;
    app.addHook('onClose', async () => {
      tell = undefined;
      await drops.close();
    });
  };
