import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PortalApp } from '../src/index.js';
import { buildThingApp } from './fixtures/thing-service.js';

/**
 * "Readiness": /readyz names every dependency; a shared dependency that is down (here Redis, really
 * disconnected) degrades the answer but keeps 200, unless the service declares it required (READY_REQUIRES).
 */
let app: PortalApp;
before(async () => {
  app = await buildThingApp('kithealth', { models: false }, { MONGO_DB: `portal_kithealth` });
  await app.ready();
});
after(() => app.close());

test('all up: 200 ok, each dependency by name with its time', async () => {
  const res = await app.inject('/readyz');
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.status, 'ok');
  assert.deepEqual(Object.keys(body.checks).sort(), ['mongo', 'nats', 'redis', 's3']);
  for (const c of Object.values(body.checks) as { ok: boolean; ms: number }[]) {
    assert.equal(c.ok, true);
    assert.equal(typeof c.ms, 'number');
  }
});

test('Redis down: 200 degraded by default, 503 when Redis is required', async () => {
  app.redis.disconnect();
  const degraded = await app.inject('/readyz');
  assert.equal(degraded.statusCode, 200, degraded.body);
  assert.equal(degraded.json().status, 'degraded');
  assert.equal(degraded.json().checks.redis.ok, false);
  assert.equal(degraded.json().checks.redis.required, false);
  assert.equal(degraded.json().checks.mongo.ok, true);

  app.env.READY_REQUIRES = 'mongo,redis';
  const down = await app.inject('/readyz');
  assert.equal(down.statusCode, 503, down.body);
  assert.equal(down.json().status, 'unavailable');
  assert.equal(down.json().checks.redis.required, true);
  app.env.READY_REQUIRES = 'mongo';
  await app.redis.connect();
  assert.equal((await app.inject('/readyz')).json().status, 'ok');
});
