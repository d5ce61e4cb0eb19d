import type { FastifyInstance } from 'fastify';
import { replicaDrops } from '@portal/service-kit';
import { forgetProfiles } from './profile-cache.js';
import { dropConfigCache } from '../domain/config.js';

/** What this service keeps per replica and drops on a write: the callers' profiles, the public config. */
export type CacheName = 'profiles' | 'config';
export const CACHE_DROPS_CHANNEL = 'portal:accounts:cache-drops';

let tell: ((name: CacheName) => void) | undefined;
/** A write here: the other replicas drop their copies of `name` too (at once, not after its ttl). */
export const tellReplicas = (name: CacheName): void => tell?.(name);

function drop(name: string): void {
  if (name === 'profiles' || name === '*') forgetProfiles();
  if (name === 'config' || name === '*') dropConfigCache();
}

/**
 * Route plugin: the profile and config copies are dropped across replicas over Redis (kit replicaDrops): a profile
 * saved or a user demoted through one replica was answered as before by another for PROFILE_TTL_MS, the public
 * config for CONFIG_TTL_MS. The channel is per database (a test app never drops the stack's copies).
 */
export async function cacheDrops(app: FastifyInstance): Promise<void> {
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
}
