// "a service that does not send mail does not need SMTP": what PORTAL_ENV=production requires follows the
// backends a service declares (buildService({backends})). A service without object storage starts without S3
// credentials, one without mail without an SMTP relay; one that declares them is refused without them.
// Unit tests of the env check: serviceEnv reads the environment exactly as buildService does, connecting nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { BACKEND_REQUIRED, PRODUCTION_REQUIRED, productionRequired } from '../src/env.js';
import { serviceEnv, type ServiceOptions } from '../src/build-service.js';

/** Production values for every key any backend may require (what a complete deployment sets). */
const complete = {
  ...Object.fromEntries([...PRODUCTION_REQUIRED].map((k) => [k, `prod-value-of-${k}`])),
  // connections carry their credentials in production (env.ts credentialProblems)
  MONGO_URL: 'mongodb://portal:secret@db/portal',
  REDIS_URL: 'redis://:secret@redis:6379',
  NATS_NKEY_SEED: `SU${'A'.repeat(56)}`,
};
/** `complete` without these keys (blank: a key the manifest lacks is not filled in from this process's env). */
const without = (...keys: string[]) => ({
  ...complete,
  ...Object.fromEntries(keys.map((k) => [k, ''])),
  PORTAL_ENV: 'production',
});
const service = (backends: ServiceOptions['backends'], env?: ServiceOptions['env']): ServiceOptions => ({
  name: 'envcheck',
  domain: 'envcheck',
  routes: [],
  backends,
  env,
});

test('productionRequired: each backend adds its own keys; none adds another backend’s', () => {
  const base = productionRequired(['mongo', 'redis']);
  for (const k of [...BACKEND_REQUIRED.s3, ...BACKEND_REQUIRED.smtp, ...BACKEND_REQUIRED.nats])
    assert.equal(base.has(k), false, k);
  assert.ok(base.has('MONGO_URL') && base.has('REDIS_URL') && base.has('KEYCLOAK_SERVICE_CLIENT_SECRET'));
  const s3 = productionRequired(['mongo', 'redis', 's3']);
  for (const k of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) assert.ok(s3.has(k), k);
  assert.equal(
    [...s3].some((k) => k.startsWith('SMTP_') || k === 'MAIL_FROM'),
    false,
  );
  const smtp = productionRequired(['mongo', 'redis', 'smtp']);
  for (const k of ['SMTP_HOST', 'MAIL_FROM']) assert.ok(smtp.has(k), k);
  assert.equal(
    [...smtp].some((k) => k.startsWith('S3_')),
    false,
  );
});

test('a service without s3 or smtp starts in production with neither S3 nor SMTP keys set', () => {
  const { env, use } = serviceEnv(
    service(['mongo', 'nats', 'redis']),
    without('S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SMTP_HOST', 'MAIL_FROM'),
  );
  assert.deepEqual([...use].sort(), ['mongo', 'nats', 'redis']);
  assert.equal(env.PORTAL_ENV, 'production');
  assert.equal((env as Record<string, unknown>).SMTP_HOST, undefined, 'no SMTP environment at all');
});

test('a service declaring s3 is refused without its S3 credentials, naming them', () => {
  assert.throws(
    () => serviceEnv(service(['mongo', 'nats', 'redis', 's3']), without('S3_ACCESS_KEY', 'S3_SECRET_KEY')),
    (err: Error) => /PORTAL_ENV=production needs S3_ACCESS_KEY, S3_SECRET_KEY set/.test(err.message),
  );
  // the default backends include object storage
  assert.throws(() => serviceEnv(service(undefined), without('S3_ENDPOINT')), /needs S3_ENDPOINT set/);
});

test('a service declaring smtp is refused without its relay or sender, and loads with them', () => {
  const mail = service(['mongo', 'redis', 'smtp']);
  assert.throws(() => serviceEnv(mail, without('SMTP_HOST')), /needs SMTP_HOST set/);
  assert.throws(() => serviceEnv(mail, without('MAIL_FROM')), /needs MAIL_FROM set/);
  // the local sink's address is the default: a production relay left at it is refused too
  assert.throws(() => serviceEnv(mail, { ...without(), SMTP_HOST: '127.0.0.1' }), /needs SMTP_HOST set/);
  const { env } = serviceEnv(mail, without('S3_ACCESS_KEY', 'S3_SECRET_KEY', 'NATS_URL'));
  assert.equal((env as Record<string, unknown>).SMTP_HOST, 'prod-value-of-SMTP_HOST');
});

test('always required whatever the backends: identity and the service’s own keys; development needs none', () => {
  const bare = service(['mongo', 'redis']);
  assert.throws(
    () => serviceEnv(bare, without('KEYCLOAK_SERVICE_CLIENT_SECRET')),
    /KEYCLOAK_SERVICE_CLIENT_SECRET/,
  );
  assert.throws(() => serviceEnv(bare, without('MONGO_URL')), /needs MONGO_URL set/);
  const own = service(
    ['mongo', 'redis'],
    Type.Object({ FEEDBACK_TO: Type.String({ default: 'x@demo.portal' }) }),
  );
  assert.throws(() => serviceEnv(own, without('FEEDBACK_TO')), /needs FEEDBACK_TO set/);
  assert.equal(
    serviceEnv(service(['mongo', 'redis', 's3', 'smtp']), { PORTAL_ENV: 'development' }).env.PORTAL_ENV,
    'development',
  );
});
