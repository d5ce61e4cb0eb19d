import type { FastifyInstance } from 'fastify';
import { replicaDrops } from '@portal/service-kit';
import { dropFromReplica, setReplicaDrops } from './read-cache.js';

/** The Redis channel the orders replicas tell each other their read-model writes on. */
export const READ_CACHE_CHANNEL = 'portal:orders:read-cache-drops';

/**
 * Route plugin: this replica's read-model writes drop the other replicas' short-lived copies, and theirs drop this
 * one's (read-cache.ts). The channel is per database, so a test app's writes never drop the stack's copies.
 */
export async function readCacheDrops(app: FastifyInstance): Promise<void> {
  const tell = await replicaDrops({
    redis: app.redis,
    channel: `${READ_CACHE_CHANNEL}:${app.mongo.name}`,
    onDrop: dropFromReplica,
    log: app.log,
  });
  setReplicaDrops(tell);
  app.addHook('onClose', async () => {
    setReplicaDrops(undefined);
    await tell.close();
  });
}
