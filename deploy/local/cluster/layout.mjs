// The local cluster rehearsal's layout: which processes it runs, on which ports, with which environment.
// Everything here is OTHER than the single stack `npm start` runs (ports, NATS servers, Redis, mailbox, edge,
// databases), so the rehearsal never disturbs it; the shared parts are PostgreSQL/FerretDB (databases
// portal_<service>_<CLUSTER_DATASET> of its own), Keycloak (same realm and users), the object store and the stubs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const cache = join(root, 'deploy/local/.cache');
/** The rehearsal's own state: run/<unit>.pid, logs/<unit>.log, nats-<n>/, redis/, mail/, nginx/. */
export const dir = join(cache, 'cluster');
export const runDir = join(dir, 'run');
export const logDir = join(dir, 'logs');

/** The data set (portal.mjs datasetEnv): databases portal_<service>_chaos, the NATS TEST account's users. */
export const CLUSTER_DATASET = process.env.CLUSTER_DATASET ?? 'chaos';
/** How many copies of each service (2: every fault of one instance leaves one serving). */
export const REPLICAS = Math.max(1, Number(process.env.PORTAL_REPLICAS ?? 2));

const routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));
export const SERVICE_NAMES = Object.keys(routes.services);

export const ports = {
  edge: 8280,
  redis: 6490,
  smtp: 2625,
  mailboxHttp: 8125,
  /** NATS node n (1..3): clients 4321+n, cluster routes 6321+n, monitor 8321+n. */
  nats: (n) => ({ client: 4321 + n, route: 6321 + n, monitor: 8321 + n }),
  /** Instance i (0 = a, 1 = b, …) of the k-th service of routes.json: 4611+k, 4621+k, … */
  service: (name, i) => 4611 + 10 * i + SERVICE_NAMES.indexOf(name),
};
export const NATS_NODES = [1, 2, 3];
const letter = (i) => String.fromCharCode(97 + i);
/** Every service instance: {id: 'orders-a', name: 'orders', i: 0, port}. */
export const instances = () =>
  SERVICE_NAMES.flatMap((name) =>
    Array.from({ length: REPLICAS }, (_, i) => ({
      id: `${name}-${letter(i)}`,
      name,
      i,
      port: ports.service(name, i),
    })),
  );

export const natsUrls = () => NATS_NODES.map((n) => `nats://127.0.0.1:${ports.nats(n).client}`).join(',');
export const edgeUrl = () => `http://localhost:${ports.edge}`;
export const mailboxUrl = () => `http://127.0.0.1:${ports.mailboxHttp}`;

/**
 * The services' environment in the rehearsal: the stack's (deploy/local/env.sh), then the cluster's own NATS
 * (every node listed: a client that loses its node goes to another), Redis, mailbox and edge; streams at 3 copies;
 * every <SERVICE>_PORT pointed at the rehearsal's first instances (no default may reach the single stack's services);
 * orders calls routing through the rehearsal's edge (either routing instance). Loopback is never rate limited here
 * (one demo admin drives all the traffic), and no trace is sampled but errors (2 cores).
 */
export function clusterEnv(stack) {
  const env = {
    ...stack,
    PORTAL_DATASET: CLUSTER_DATASET,
    NATS_URL: natsUrls(),
    STREAM_REPLICAS: '3',
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.smtp),
    MAILBOX_URL: mailboxUrl(),
    APP_URL: edgeUrl(),
    ROUTING_URL: `http://127.0.0.1:${ports.edge}`,
    RATE_LIMIT_ALLOW: '127.0.0.1,::1',
    OTEL_TRACES_SAMPLER_ARG: process.env.CLUSTER_SAMPLER_ARG ?? '0',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
  };
  for (const name of SERVICE_NAMES) env[`${name.toUpperCase()}_PORT`] = String(ports.service(name, 0));
  return env;
}
