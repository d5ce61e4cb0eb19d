import { Type, type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { Backend } from './plugins/app/health.js';

export const ALL_BACKENDS: readonly Backend[] = ['mongo', 'nats', 'redis', 's3', 'smtp'];

/**
 * Keys that must be set explicitly, and not to the local stack's default, when PORTAL_ENV=production: the
 * defaults below are public (this repo) or demo values, so a production pod missing one must not start on
 * them. Keys every service needs (identity, links, the seal key), whatever backends it uses. Service-specific
 * keys (ACCOUNTING_URL, FEEDBACK_TO, ...) count when the service's schema has them.
 */
const ALWAYS_REQUIRED = [
  'KEYCLOAK_ISSUER',
  'KEYCLOAK_SERVICE_CLIENT_SECRET',
  // accounts: the confidential client change password checks the current password on
  'KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET',
  'EVENT_SEAL_KEY',
  // Signs and checks the receivers' tracking links (routing, notifications)
  'TRACKING_SECRET',
  'APP_URL',
  'ACCOUNTING_URL',
  'FEEDBACK_TO',
  // orders: signs the ledger's checkpoints (its local default is public)
  'LEDGER_SIGNING_KEY',
];

/**
 * What each backend brings: a service that declares it must set these in production (a service without object
 * storage does not need S3 credentials; one without mail needs no SMTP relay). The addresses are here as well
 * as the secrets: their defaults point at 127.0.0.1, which in a pod is nobody.
 */
export const BACKEND_REQUIRED: Record<Backend, readonly string[]> = {
  mongo: ['MONGO_URL'],
  redis: ['REDIS_URL'],
  // production signs in to NATS with the service's own nkey (its rights: contracts bus-access.ts)
  nats: ['NATS_URL', 'NATS_NKEY_SEED'],
  s3: ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'],
  smtp: ['SMTP_HOST', 'MAIL_FROM'],
};

/** The production-required keys of a service using these backends. */
export function productionRequired(backends: Iterable<Backend>): Set<string> {
  return new Set([...ALWAYS_REQUIRED, ...[...backends].flatMap((b) => BACKEND_REQUIRED[b])]);
}

/** Every key some service may have to set in production (all backends): what a deployment must provide. */
export const PRODUCTION_REQUIRED: ReadonlySet<string> = productionRequired(ALL_BACKENDS);

/** The environment every service reads; defaults are the local stack's (deploy/local/env.sh). */
export const EnvSchema = Type.Object({
  /** `production` turns the defaults of the production-required keys off (set by the prod Kubernetes overlay). */
  PORTAL_ENV: Type.Union([Type.Literal('development'), Type.Literal('production')], {
    default: 'development',
  }),
  MONGO_URL: Type.String({ default: 'mongodb://127.0.0.1:27027/portal' }),
  /** Database name; empty means `portal_<service name>`. Tests point it at a database of their own. */
  MONGO_DB: Type.String({ default: '' }),
  /**
   * The server behind MONGO_URL: `mongodb` (production) or `ferretdb` (the local stack, deploy/local/env.sh), whose
   * adapter (backends/ferretdb) the start-up migration loads. Production leaves it at the default.
   */
  DB_BACKEND: Type.Union([Type.Literal('mongodb'), Type.Literal('ferretdb')], { default: 'mongodb' }),
  /** PostgreSQL behind FerretDB (its GIN serving indexes at start, docs/DATA.md); empty on real MongoDB. */
  POSTGRES_URL: Type.String({ default: '' }),
  /** One server or a comma list of a cluster's (a client whose server goes away dials another). */
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  /**
   * NATS user and password (local stack only). The default is the local TEST account's tool user (suites,
   * benchmarks); `npm start` signs each service in as its own user (scripts/portal.mjs, deploy/local/env.sh).
   */
  NATS_USER: Type.String({ default: 'test' }),
  NATS_PASSWORD: Type.String({ default: 'test' }),
  /** The service's NATS nkey seed (`SU…`); when set it is used instead of user/password. Production needs it. */
  NATS_NKEY_SEED: Type.String({ default: '' }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6390' }),
  S3_ENDPOINT: Type.String({ default: '127.0.0.1' }),
  S3_PORT: Type.Integer({ default: 9100 }),
  S3_ACCESS_KEY: Type.String({ default: 'portal' }),
  S3_SECRET_KEY: Type.String({ default: 'portal-secret-key' }),
  S3_USE_SSL: Type.Boolean({ default: false }),
  /** Signing region of pre-signed URLs (MinIO's default). */
  S3_REGION: Type.String({ default: 'us-east-1' }),
  /**
   * Where browsers (and mailed links) reach the object store: pre-signed downloads are handed out under this base
   * instead of S3_ENDPOINT's own address. Locally the edge serves it (nginx `/files/` → the store, GET only); empty
   * means the URLs as signed, for a store every browser reaches itself (a public S3 host).
   */
  S3_PUBLIC_URL: Type.String({ default: 'http://localhost:8080/files' }),
  /** The service's bucket for objectStore helpers; empty means `portal-<service name>`. */
  S3_BUCKET: Type.String({ default: '' }),
  KEYCLOAK_URL: Type.String({ default: 'http://127.0.0.1:8180/auth' }),
  KEYCLOAK_REALM: Type.String({ default: 'portal' }),
  KEYCLOAK_ISSUER: Type.String({ default: 'http://localhost:8080/auth/realms/portal' }),
  KEYCLOAK_PUBLIC_CLIENT_ID: Type.String({ default: 'portal-web' }),
  /**
   * The local and CI realm's confidential test client (portal-tests), whose user tokens the services accept beside
   * the public client's; empty (the default) accepts none. Ignored under PORTAL_ENV=production.
   */
  KEYCLOAK_TEST_CLIENT_ID: Type.String({ default: '' }),
  /** The audience every API token must carry (the realm's "portal-api audience" mappers). */
  KEYCLOAK_AUDIENCE: Type.String({ default: 'portal-api' }),
  KEYCLOAK_SERVICE_CLIENT_ID: Type.String({ default: 'portal-services' }),
  KEYCLOAK_SERVICE_CLIENT_SECRET: Type.String({ default: 'portal-services-secret' }),
  APP_URL: Type.String({ default: 'http://localhost:8080' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /** Declared backends without which /readyz answers 503 (comma list of mongo,nats,redis,s3,smtp); others degrade. */
  READY_REQUIRES: Type.String({ default: 'mongo' }),
  /** How often the outbox relay sweeps for unpublished events (ms); writes in this process nudge it at once. */
  OUTBOX_SWEEP_MS: Type.Integer({ default: 5000, minimum: 50 }),
  /** Appended to durable consumer names (and BullMQ's prefix): a test app gets its own consumers at once. */
  CONSUMER_SUFFIX: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  /** BullMQ key prefix; empty means `portal-<service name>` (a test pointing at its own SMTP sink sets one). */
  QUEUE_PREFIX: Type.String({ default: '' }),
  /** Stream limits (every stream; max_bytes is reserved from the server's JetStream store): oldest dropped. */
  STREAM_MAX_AGE_S: Type.Integer({ default: 7 * 24 * 3600, minimum: 60 }),
  STREAM_MAX_BYTES: Type.Integer({ default: 64 * 1024 * 1024, minimum: 1024 * 1024 }),
  /** copies of each stream in a JetStream cluster (3 in the Kubernetes manifests; 1 on the local single server) */
  STREAM_REPLICAS: Type.Integer({ default: 1, minimum: 1, maximum: 5 }),
  /** processed_events older than this are deleted (must outlive STREAM_MAX_AGE_S: redeliveries come from it). */
  PROCESSED_EVENTS_TTL_S: Type.Integer({ default: 8 * 24 * 3600, minimum: 1 }),
  PROCESSED_EVENTS_SWEEP_MS: Type.Integer({ default: 3600_000, minimum: 100 }),
  /** SIGTERM: how long in-flight work (mail being sent) may take before the process is forced out. */
  SHUTDOWN_GRACE_MS: Type.Integer({ default: 45_000, minimum: 1000 }),
  /** How often the in-process caches' hit rates are logged (cache-stats.ts); 0 = never. */
  CACHE_LOG_MS: Type.Integer({ default: 300_000, minimum: 0 }),
  /** Rate limits of public routes (kit rate-limit plugin): per window, per client address (+ account). */
  RATE_LIMIT_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 1000 }),
  RATE_LIMIT_ACCOUNT_MAX: Type.Integer({ default: 20, minimum: 1 }),
  RATE_LIMIT_MAX: Type.Integer({ default: 100, minimum: 1 }),
  RATE_LIMIT_READ_MAX: Type.Integer({ default: 6000, minimum: 1 }),
  /** Comma-separated client addresses never rate limited (e.g. a benchmark host). */
  RATE_LIMIT_ALLOW: Type.String({ default: '' }),
  /**
   * The edge (comma list of addresses/CIDR ranges): only a request whose peer is one of these has its
   * X-Forwarded-For read, and only the address the edge appended (trusted-proxies.ts), so limits key on the real
   * client. Locally nginx on 127.0.0.1; in Kubernetes the ingress controller's pod range (overlays).
   */
  TRUSTED_PROXIES: Type.String({ default: '127.0.0.1' }),
  /** Failed logins (a route's `failureLimit`) per client address across accounts, per account across addresses. */
  RATE_LIMIT_FAIL_ADDRESS_MAX: Type.Integer({ default: 30, minimum: 1 }),
  RATE_LIMIT_FAIL_ACCOUNT_MAX: Type.Integer({ default: 10, minimum: 1 }),
  RATE_LIMIT_FAIL_WINDOW_MS: Type.Integer({ default: 15 * 60_000, minimum: 1000 }),
  /**
   * Client addresses the failed-login limits skip (comma list). Production: none. The local stack lists 127.0.0.1,
   * which every browser, suite and tool of the machine shares (deploy/local/env.sh); its attacks come from other
   * loopback addresses, as distinct clients would.
   */
  RATE_LIMIT_FAIL_ALLOW: Type.String({ default: '' }),
});
export type Env = Static<typeof EnvSchema>;

/**
 * Validates process.env (+ overrides) against the kit's schema and an optional service schema; throws on error.
 * `backends` decides what production requires (buildService passes the declared ones); without it, every
 * backend's keys are required, the safe side for a caller that does not say.
 */
export function loadEnv<S extends TObject>(
  overrides: Record<string, unknown> = {},
  extra?: S,
  backends: Iterable<Backend> = ALL_BACKENDS,
): Env & Static<S> {
  const raw: Record<string, unknown> = { ...process.env, ...overrides };
  const required = productionRequired(backends);
  const read = (schema: TObject): Record<string, unknown> => {
    const picked = Object.fromEntries(
      Object.keys(schema.properties)
        .filter((k) => raw[k] !== undefined)
        .map((k) => [k, raw[k]]),
    );
    if (raw.PORTAL_ENV === 'production') {
      const unset = Object.entries(schema.properties)
        .filter(
          ([k, p]) =>
            required.has(k) && [undefined, '', (p as { default?: unknown }).default].includes(raw[k]),
        )
        .map(([k]) => k);
      if (unset.length)
        throw new Error(
          `invalid environment: PORTAL_ENV=production needs ${unset.join(', ')} set (no defaults)`,
        );
    }
    if (raw.PORTAL_ENV === 'production') {
      const weak = credentialProblems(raw, (k) => required.has(k) && k in schema.properties);
      if (weak.length) throw new Error(`invalid environment: PORTAL_ENV=production needs ${weak.join('; ')}`);
    }
    const value = Value.Convert(schema, Value.Default(schema, picked)) as Record<string, unknown>;
    if (!Value.Check(schema, value)) {
      const errs = [...Value.Errors(schema, value)].map((e) => `${e.instancePath || '/'} ${e.message}`);
      throw new Error(`invalid environment: ${errs.join('; ')}`);
    }
    return value;
  };
  return { ...read(EnvSchema), ...(extra ? read(extra) : {}) } as Env & Static<S>;
}

/** `scheme://user:password@…`: the user info of a URL (also for several hosts, which WHATWG URL refuses). */
const userInfo = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/([^@/?#]*)@/i.exec(url)?.[1];
/**
 * Production connections must authenticate: the database and Redis URLs carry a user and password (Redis: at
 * least a password), the NATS seed is a user nkey seed. The local stack's FerretDB and Redis accept anonymous
 * connections on 127.0.0.1 only (SECURITY.md).
 */
export function credentialProblems(raw: Record<string, unknown>, checks: (key: string) => boolean): string[] {
  const out: string[] = [];
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  if (checks('MONGO_URL')) {
    const [user, ...pass] = (userInfo(str('MONGO_URL')) ?? '').split(':');
    if (!user || !pass.join(':'))
      out.push('MONGO_URL with a user and password (mongodb://user:password@host/…)');
  }
  if (checks('REDIS_URL')) {
    const pass = (userInfo(str('REDIS_URL')) ?? '').split(':').slice(1).join(':');
    if (!pass) out.push('REDIS_URL with a password (redis://[user]:password@host)');
  }
  if (checks('NATS_NKEY_SEED') && !/^SU[A-Z2-7]{56}$/.test(str('NATS_NKEY_SEED')))
    out.push("NATS_NKEY_SEED to be the service's user nkey seed (SU…)");
  return out;
}
