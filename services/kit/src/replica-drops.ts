import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What a replica tells the others: the caches it just wrote under (`*`: all of them). */
interface DropMessage {
  from: string;
  names: string[];
}

/** The publishing side: `tell(name)` queues a drop (sent once per tick), `flush()` sends what is queued now. */
export interface ReplicaDrops {
  (name: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Drops of short-lived in-memory copies across a service's replicas, over Redis pub/sub on `channel`. A replica
 * that writes a read model drops its own copies at once (its write hooks); the others' copies would stay until
 * their ttl, so a record one replica just learned (or changed) was still unknown (or old) on another for seconds.
 * `tell(name)` publishes the name (coalesced per tick); every other replica's `onDrop(name)` drops its copies.
 * Pub/sub keeps nothing: after its subscription reconnects, a replica drops everything (`onDrop('*')`), since a
 * message may have been missed; while Redis is down the copies fall back to their ttl.
 */
export async function replicaDrops(opts: {
  redis: Redis;
  channel: string;
  onDrop: (name: string) => void;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<ReplicaDrops> {
  const { redis, channel, onDrop, log } = opts;
  const me = randomUUID();
  const sub = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null });
  sub.on('error', (err: Error) => log?.warn({ err: err.message, channel }, 'replica drops: redis error'));
  let connected = false;
  sub.on('ready', () => {
    if (connected) onDrop('*'); // a reconnect: what was published meanwhile is gone
    connected = true;
  });
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(raw) as DropMessage;
      if (m.from !== me) for (const name of m.names) onDrop(name);
    } catch {
      onDrop('*');
    }
  });
  await sub.connect();
  await sub.subscribe(channel);

  const queued = new Set<string>();
  let sending: Promise<void> | undefined;
  const flush = async () => {
    if (!queued.size) return;
    const names = [...queued];
    queued.clear();
    await redis
      .publish(channel, JSON.stringify({ from: me, names } satisfies DropMessage))
      .then(() => undefined)
      .catch((err: Error) =>
        log?.warn({ err: err.message, channel }, 'replica drops not told (ttl applies)'),
      );
  };
  const tell = ((name: string) => {
    queued.add(name);
    sending ??= new Promise<void>((r) => setImmediate(r)).then(flush).finally(() => (sending = undefined));
  }) as ReplicaDrops;
  tell.flush = async () => {
    await sending;
    await flush();
  };
  tell.close = async () => {
    await tell.flush();
    await sub.quit().catch(() => sub.disconnect());
  };
  return tell;
}
