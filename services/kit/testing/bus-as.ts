import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { inboxPrefix, versionOf, type Domain, type EventEnvelope } from '@portal/contracts';

const envFile = join(dirname(fileURLToPath(import.meta.url)), '../../../deploy/local/env.sh');

/** A deploy/local/env.sh value: the environment's, else the file's default (a suite run without sourcing it). */
export function localEnv(key: string): string {
  if (process.env[key]) return process.env[key];
  const text = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  const m = new RegExp(`\\$\\{${key}:=([^}]*)\\}`).exec(text);
  if (!m) throw new Error(`${key} is neither set nor defaulted in deploy/local/env.sh`);
  return m[1]!;
}

export interface BusHandle {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Publishes a catalogue event in the kit's envelope (no payload check: a test may send a bad one). */
  publish(subject: string, data: unknown, opts?: { id?: string }): Promise<{ id: string; seq: number }>;
  close(): Promise<void>;
}

/**
 * Connects as a service's own NATS user of the local stack: `<service>-test` (TEST account, default) or the demo's
 * `<service>` (account 'portal'). Use it to publish another domain's events with the rights the real publisher
 * has (a service's own connection may publish only its own domain's).
 */
export async function busAs(service: Domain, account: 'test' | 'portal' = 'test'): Promise<BusHandle> {
  const nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    user: account === 'test' ? `${service}-test` : service,
    pass: localEnv(`NATS_PASSWORD_${service.toUpperCase()}`),
    inboxPrefix: inboxPrefix(service),
    timeout: 5000,
  });
  const js = jetstream(nc);
  return {
    nc,
    js,
    jsm: await jetstreamManager(nc, { checkAPI: false }),
    async publish(subject, data, o = {}) {
      const envelope: EventEnvelope = {
        id: o.id ?? randomUUID(),
        type: subject,
        version: versionOf(subject),
        time: new Date().toISOString(),
        source: service,
        data,
      };
      const ack = await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
      return { id: envelope.id, seq: ack.seq };
    },
    close: () => nc.close(),
  };
}

/** The TEST account's tool user (every right; local stack only): what suites use to look at streams. */
export const testNats = () =>
  connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    user: 'test',
    pass: 'test',
    timeout: 5000,
  });
