import Fastify, { type FastifyPluginAsync, type FastifyPluginCallback, type RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TObject } from 'typebox';
import ajvFormats from 'ajv-formats';
import { loadEnv, type Env } from './env.js';
import { trustedProxies } from './trusted-proxies.js';
import type { ConsumerDef, WorkerDef } from './consumers.js';
import { OutboxSignal } from './outbox/signal.js';
import type { OutboxModel } from './outbox/types.js';
import mongo from './plugins/external/mongo.js';
import nats from './plugins/external/nats.js';
import redis from './plugins/external/redis.js';
import objectStore from './backends/object-store.js';
import bus from './backends/bus.js';
import smtp, { SmtpEnvSchema } from './backends/smtp.js';
import { EventValidators, type ExtraEvents } from './events.js';
import problem from './plugins/app/problem.js';
import tracing from './plugins/app/tracing.js';
import { portalValidators } from './validation.js';
import { lazyRequestLogger, loggerOptions, RequestLine, RequestLogController } from './logging.js';
import auth from './plugins/app/auth.js';
import userState from './plugins/app/user-state.js';
import rateLimit from './plugins/app/rate-limit.js';
import health, { type Backend } from './plugins/app/health.js';
import migrations from './plugins/app/migrate.js';
import openapi from './plugins/app/openapi.js';
import outboxRelay from './plugins/app/outbox-relay.js';
import consumers from './plugins/app/consumers.js';
import queues from './plugins/app/queues.js';
import './types.js';
import { logCacheFigures } from './cache-stats.js';

export type RoutePlugin =
  FastifyPluginAsync<any, RawServerDefault, any> | FastifyPluginCallback<any, RawServerDefault, any>;

export interface ServiceOptions {
  /** Service name: db `portal_<name>`, logs, OpenAPI title. */
  name: string;
  /** The JetStream stream it owns (`accounts` → ACCOUNTS, subjects `accounts.>`). */
  domain: string;
  /** Fastify plugins registered under /api. */
  routes: RoutePlugin[];
  /** Models using withOutbox whose events the relay publishes. */
  models?: any[];
  consumers?: ConsumerDef<any>[];
  workers?: WorkerDef<any>[];
  /** Extra env vars of this service (TypeBox object); merged into app.env after validation. */
  env?: TObject;
  /**
   * The backends this service uses: only these are connected, decorated (`bus`, `objectStore`, `mailer`) and
   * checked by /readyz. Default: mongo, nats, redis, s3 (no smtp). mongo and redis are always on (the outbox,
   * auth's user state and rate limits need them); 'smtp' adds the SMTP_* / MAIL_FROM environment.
   */
  backends?: Backend[];
  /** Schemas of subjects outside the contracts' catalogue (exact or NATS wildcard): the kit's own tests only. */
  events?: ExtraEvents;
}

export const DEFAULT_BACKENDS: readonly Backend[] = ['mongo', 'nats', 'redis', 's3'];

function backendsOf(opts: ServiceOptions): Set<Backend> {
  const use = new Set<Backend>(['mongo', 'redis', ...(opts.backends ?? DEFAULT_BACKENDS)]);
  if (!use.has('nats') && (opts.models?.length || opts.consumers?.length)) {
    throw new Error(`${opts.name}: an outbox (models) or consumers need the 'nats' backend`);
  }
  return use;
}

/** The service's env schema, with SMTP's keys when it sends mail (its own definitions win). */
function envSchemaOf(opts: ServiceOptions, use: Set<Backend>): TObject | undefined {
  if (!use.has('smtp')) return opts.env;
  return Type.Object({ ...SmtpEnvSchema.properties, ...(opts.env?.properties ?? {}) });
}

/**
 * The environment of a service as buildService reads it: the kit's keys, SMTP's when it sends mail, its own; in
 * production it requires what its declared backends need and nothing else (no S3 keys for a service without
 * object storage). Exported for the env check's tests; throws like loadEnv.
 */
export function serviceEnv(opts: ServiceOptions, overrides: Record<string, unknown> = {}) {
  const use = backendsOf(opts);
  return { use, env: loadEnv(overrides, envSchemaOf(opts, use), use) };
}

/** Builds (does not listen) a portal service: the rooms every service shares. */
export async function buildService(
  opts: ServiceOptions,
  overrides: Partial<Env> & Record<string, unknown> = {},
) {
  const { use, env } = serviceEnv(opts, overrides);
  const events = new EventValidators(opts.events);
  const app = Fastify({
    // One line per request (logging.ts), not Fastify's two lines with the whole req/res; health checks silent.
    logger: loggerOptions(opts.name, env.LOG_LEVEL),
    logController: new RequestLogController(new RequestLine(opts.name, env.LOG_LEVEL)),
    childLoggerFactory: (logger, bindings, childOpts) => lazyRequestLogger(logger, bindings, childOpts),
    // request.ip is the client's as the edge saw it, never what a client wrote (trusted-proxies.ts)
    trustProxy: trustedProxies(env.TRUSTED_PROXIES),
    ajv: {
      // errorMessage: a property's user-facing text; verbose: errors carry the failing (parent) schema.
      customOptions: { keywords: ['errorMessage'], verbose: true, allErrors: false },
      plugins: [(ajvFormats as unknown as { default?: any }).default ?? ajvFormats],
    },
    // bodies without coercion, unknown fields dropped, one email rule (validation.ts)
    schemaController: { compilersFactory: { buildValidator: portalValidators() as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('serviceName', opts.name);
  app.decorate('env', env as Env & Record<string, unknown>);
  const stopCacheLog = logCacheFigures(app.log, env.CACHE_LOG_MS);
  app.addHook('onClose', async () => stopCacheLog());

  await app.register(problem);
  // first of the request's hooks: every later one (auth, rate limits) and the handler run in the request's trace
  await app.register(tracing);
  await app.register(mongo);
  await app.register(migrations); // syncIndexes + FerretDB serving indexes, before listening
  if (use.has('nats')) {
    await app.register(nats, { domain: opts.domain });
    await app.register(bus, { events });
  }
  await app.register(redis);
  if (use.has('s3')) await app.register(objectStore);
  if (use.has('smtp')) await app.register(smtp);
  await app.register(userState);
  await app.register(auth);
  await app.register(rateLimit);
  await app.register(openapi);
  await app.register(health, { backends: [...use] });
  if (use.has('nats')) {
    // the app's own outbox state: its models' writes signal this app's relay (outbox.ts)
    const signal = new OutboxSignal((opts.models ?? []) as OutboxModel[]);
    await app.register(outboxRelay, { signal, events });
    await app.register(consumers, { consumers: opts.consumers ?? [], events, domain: opts.domain });
  }
  await app.register(queues, { workers: opts.workers ?? [] });
  await app.register(
    async (api) => {
      for (const route of opts.routes) await api.register(route);
    },
    { prefix: '/api' },
  );
  return app;
}

export type PortalApp = Awaited<ReturnType<typeof buildService>>;
