import fp from 'fastify-plugin';
import { connect, nanos } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { STREAMS } from '@portal/contracts';

export function streamName(domain: string): string {
  return (STREAMS as Record<string, string>)[domain] ?? domain.toUpperCase();
}

/** Creates (or keeps) the stream of a domain: subjects `<domain>.>`, 2 min de-dup window, file storage. */
export async function ensureStream(jsm: JetStreamManager, domain: string): Promise<string> {
  const name = streamName(domain);
  const config = {
    name,
    subjects: [`${domain}.>`],
    duplicate_window: nanos(120_000),
    storage: StorageType.File,
  };
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      await jsm.streams.info(name).catch(() => Promise.reject(err)); // created concurrently by a sibling
    }
  }
  return name;
}

/** NATS connection + JetStream; provisions the service's own stream; drains at close. */
export default fp(
  async (app, opts: { domain: string }) => {
    const nc = await connect({ servers: app.env.NATS_URL, name: app.serviceName, maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, opts.domain);
    app.decorate('nats', nc);
    app.decorate('jsm', jsm);
    app.decorate('js', jetstream(nc));
    app.addHook('onClose', async () => {
      if (!nc.isClosed()) await nc.drain();
    });
  },
  { name: 'nats' },
);
