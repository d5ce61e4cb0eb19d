// "no default secrets in production": with PORTAL_ENV=production a service refuses to start on the
// repo's public defaults (credentials, the seal key, demo addresses), so a manifest that forgets a secret fails
// loudly at start instead of running with a key everyone can read on GitHub.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { loadEnv, EnvSchema, PRODUCTION_REQUIRED } from '../src/env.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const kitRequired = Object.keys(EnvSchema.properties).filter((k) => PRODUCTION_REQUIRED.has(k));
/** Real-looking production values for every required kit key (connections with their credentials). */
const prodValues: Record<string, string> = {
  ...Object.fromEntries(kitRequired.map((k) => [k, `prod-value-of-${k}`])),
  MONGO_URL: 'mongodb://portal:s3cret@db-0.mongo,db-1.mongo/portal?replicaSet=rs0&authSource=admin',
  REDIS_URL: 'rediss://:s3cret@redis:6380',
  NATS_NKEY_SEED: `SU${'A'.repeat(56)}`,
};

test('production: every required key unset -> refused, naming each key', () => {
  const blank = Object.fromEntries(kitRequired.map((k) => [k, '']));
  assert.throws(
    () => loadEnv({ ...blank, PORTAL_ENV: 'production' }),
    (err: Error) => {
      for (const k of kitRequired) assert.match(err.message, new RegExp(`\\b${k}\\b`));
      return /PORTAL_ENV=production/.test(err.message);
    },
  );
});

test('production: a secret left at the public local default is refused', () => {
  const defaults = EnvSchema.properties as Record<string, { default?: unknown }>;
  assert.throws(
    () =>
      loadEnv({
        ...prodValues,
        PORTAL_ENV: 'production',
        S3_SECRET_KEY: defaults.S3_SECRET_KEY!.default,
      }),
    /needs S3_SECRET_KEY set/,
  );
});

test('production: all set -> loads; a service key (FEEDBACK_TO) counts when its schema has it', () => {
  const env = loadEnv({ ...prodValues, PORTAL_ENV: 'production' });
  assert.equal(env.PORTAL_ENV, 'production');
  assert.equal(env.S3_SECRET_KEY, 'prod-value-of-S3_SECRET_KEY');
  const Mail = Type.Object({ FEEDBACK_TO: Type.String({ default: 'support@demo.portal' }) });
  assert.throws(() => loadEnv({ ...prodValues, PORTAL_ENV: 'production' }, Mail), /needs FEEDBACK_TO/);
  const mail = loadEnv({ ...prodValues, PORTAL_ENV: 'production', FEEDBACK_TO: 'support@example.com' }, Mail);
  assert.equal(mail.FEEDBACK_TO, 'support@example.com');
});

test('production: database and Redis URLs without credentials, or NATS without its nkey seed, are refused', () => {
  const prod = (over: Record<string, string>) => () =>
    loadEnv({ ...prodValues, PORTAL_ENV: 'production', ...over });
  assert.throws(
    prod({ MONGO_URL: 'mongodb://db-0.mongo:27017/portal' }),
    /needs MONGO_URL with a user and password/,
  );
  assert.throws(
    prod({ MONGO_URL: 'mongodb://portal@db-0.mongo/portal' }),
    /MONGO_URL with a user and password/,
  );
  assert.throws(prod({ REDIS_URL: 'redis://redis:6379' }), /needs REDIS_URL with a password/);
  assert.throws(prod({ REDIS_URL: 'redis://default@redis:6379' }), /REDIS_URL with a password/);
  assert.throws(prod({ NATS_NKEY_SEED: '' }), /needs NATS_NKEY_SEED/);
  assert.throws(prod({ NATS_NKEY_SEED: 'not-a-seed' }), /NATS_NKEY_SEED to be the service's user nkey seed/);
  // with them: loads (a user's password only, for Redis's default user, is enough)
  assert.equal(
    loadEnv({ ...prodValues, PORTAL_ENV: 'production', REDIS_URL: 'redis://:pw@r:6379' }).REDIS_URL,
    'redis://:pw@r:6379',
  );
  // a service without Redis does not need its URL to carry anything (only declared backends count)
  assert.doesNotThrow(() =>
    loadEnv({ ...prodValues, PORTAL_ENV: 'production', REDIS_URL: 'x' }, undefined, ['mongo', 'nats']),
  );
});

test('development (the default): the local defaults still apply', () => {
  const blankless = loadEnv({ PORTAL_ENV: 'development' });
  assert.equal(typeof blankless.S3_SECRET_KEY, 'string');
  assert.throws(() => loadEnv({ PORTAL_ENV: 'staging' }), /invalid environment/);
});

for (const svc of ['accounts', 'notifications']) {
  test(`the ${svc} process exits at start under PORTAL_ENV=production without its secrets`, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(root, 'services', svc),
      // a clean environment: nothing of deploy/local/env.sh, only what finds node and the modules
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORTAL_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.notEqual(r.status, 0, 'the service must not start');
    assert.equal(r.signal, null, 'exits by itself, not killed by the timeout');
    assert.match(r.stderr, /PORTAL_ENV=production needs [^\n]*KEYCLOAK_SERVICE_CLIENT_SECRET/);
  });
}
