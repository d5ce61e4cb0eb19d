import fp from 'fastify-plugin';
import {
  connect,
  nanos,
  nkeyAuthenticator,
  type ConnectionOptions,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { STREAMS, inboxPrefix } from '@portal/contracts';
import { Problem } from '../../problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once NATS is connected and the service's stream exists (at once when NATS was up at start). */
    natsReady: Promise<void>;
  }
}

export function streamName(domain: string): string {
  return (STREAMS as Record<string, string>)[domain] ?? domain.toUpperCase();
}

export interface StreamLimits {
  maxAgeS: number;
  maxBytes: number;
  /** copies of every message in a JetStream cluster (STREAM_REPLICAS; 1 on a single server) */
  replicas?: number;
}
/** Defaults = the kit env's (STREAM_MAX_AGE_S, STREAM_MAX_BYTES): no stream grows or keeps events forever. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxAgeS: 7 * 24 * 3600, maxBytes: 64 * 1024 * 1024 };

/**
 * Creates (or keeps) the stream of a domain: subjects `<domain>.>`, 2 min de-dup window, file storage, max_age
 * and max_bytes (oldest dropped first). An existing stream with other limits is updated to these when the user may.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  domain: string,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<string> {
  const name = streamName(domain);
  const max_age = nanos(limits.maxAgeS * 1000);
  const config = {
    name,
    subjects: [`${domain}.>`],
    duplicate_window: nanos(120_000),
    storage: StorageType.File,
    max_age,
    max_bytes: limits.maxBytes,
    discard: DiscardPolicy.Old,
    num_replicas: limits.replicas ?? 1,
  };
  let info;
  try {
    info = await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
      return name;
    } catch (err) {
      info = await jsm.streams.info(name).catch(() => Promise.reject(err)); // created concurrently by a sibling
    }
  }
  if (
    info.config.max_age !== max_age ||
    info.config.max_bytes !== limits.maxBytes ||
    info.config.num_replicas !== config.num_replicas
  ) {
    // A service's NATS user may create its streams but not change them (contracts bus-access.ts): new limits
    // are then the operator's to apply, and the stream is used as it is.
    await jsm.streams
      .update(name, {
        max_age,
        max_bytes: limits.maxBytes,
        discard: DiscardPolicy.Old,
        num_replicas: config.num_replicas,
      })
      .catch((err: Error) => {
        if (!/permission/i.test(err.message)) throw err;
      });
  }
  return name;
}

export const streamLimits = (env: {
  STREAM_MAX_AGE_S: number;
  STREAM_MAX_BYTES: number;
  STREAM_REPLICAS?: number;
}): StreamLimits => ({
  maxAgeS: env.STREAM_MAX_AGE_S,
  maxBytes: env.STREAM_MAX_BYTES,
  replicas: env.STREAM_REPLICAS ?? 1,
});

/**
 * How a service signs in to NATS: its nkey seed when set (production), else user and password (the local
 * stack's per-service users, or the TEST account's tool user). Replies come on the service's own inbox prefix,
 * the only subjects its NATS user may subscribe to (contracts bus-access.ts).
 */
export function natsAuth(
  env: { NATS_NKEY_SEED: string; NATS_USER: string; NATS_PASSWORD: string },
  domain: string,
): Partial<ConnectionOptions> {
  const inbox = { inboxPrefix: inboxPrefix(domain) };
  if (env.NATS_NKEY_SEED)
    return { ...inbox, authenticator: nkeyAuthenticator(new TextEncoder().encode(env.NATS_NKEY_SEED)) };
  return env.NATS_USER ? { ...inbox, user: env.NATS_USER, pass: env.NATS_PASSWORD } : inbox;
}

/** How long start-up waits for NATS before serving without it (and connecting in the background). */
const START_WAIT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * NATS connection + JetStream; provisions the service's own stream; drains at close. NATS down at start does not
 * crash the service: it listens (readiness says nats is down), keeps dialling, and starts its consumers once
 * connected. After that the client reconnects forever; consumers resume by themselves.
 */
export default fp(
  async (app, opts: { domain: string }) => {
    let conn: { nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager } | undefined;
    let closing = false;
    const connecting = (async () => {
      const nc = await connect({
        servers: app.env.NATS_URL.split(',').map((s) => s.trim()),
        name: app.serviceName,
        maxReconnectAttempts: -1,
        waitOnFirstConnect: true,
        reconnectTimeWait: 1000,
        ...natsAuth(app.env, opts.domain),
      });
      void (async () => {
        for await (const s of nc.status()) {
          if (s.type === 'disconnect' || s.type === 'reconnect')
            app.log.warn({ nats: s.type }, 'nats status');
        }
      })().catch(() => undefined);
      for (;;) {
        try {
          const jsm = await jetstreamManager(nc);
          await ensureStream(jsm, opts.domain, streamLimits(app.env));
          conn = { nc, jsm, js: jetstream(nc) };
          return;
        } catch (err) {
          if (closing) throw err;
          app.log.warn({ err: (err as Error).message }, 'jetstream not ready; retrying');
          await sleep(1000);
        }
      }
    })();
    connecting.catch((err: Error) => {
      // e.g. the server refused this service's NATS user (wrong password or seed): say so, do not crash
      if (!closing) app.log.error({ err: err.message }, 'NATS connection given up; serving without it');
    });

    const up = await Promise.race([connecting.then(() => true), sleep(START_WAIT_MS).then(() => false)]);
    if (!up) app.log.warn({ url: app.env.NATS_URL }, 'NATS unreachable; serving without it, connecting');
    const need = () => {
      if (!conn) throw new Problem(503, 'The service is temporarily unavailable. Please try again shortly.');
      return conn;
    };
    app.decorate('nats', { getter: () => need().nc });
    app.decorate('jsm', { getter: () => need().jsm });
    app.decorate('js', { getter: () => need().js });
    app.decorate('natsReady', connecting);
    app.addHook('onClose', async () => {
      closing = true;
      if (conn && !conn.nc.isClosed()) await conn.nc.drain();
      // Still dialling: close it as soon as it connects, so nothing lingers.
      else void connecting.then(() => conn?.nc.close()).catch(() => undefined);
    });
  },
  { name: 'nats' },
);
