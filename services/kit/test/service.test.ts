import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '@portal/contracts';
import { tokenFor, waitFor } from '../testing/index.js';
import { defineWorker, type PortalApp } from '../src/index.js';
import { buildThingApp, recorder } from './fixtures/thing-service.js';

/** A tiny service on the real stack: auth, errors, health, outbox → consumer, BullMQ retries. */
const run = Date.now().toString(36);
const rec = recorder('kittest-recorder', 'kittest', ['kittest.>'], true);
const attempts: number[] = [];
const done: unknown[] = [];
const worker = defineWorker<{ run: string }>({
  queue: 'kittest-jobs',
  attempts: 3,
  backoffMs: 100,
  async handle(job) {
    attempts.push(job.attemptsMade + 1);
    if (job.attemptsMade === 0) throw new Error('first attempt fails on purpose');
    done.push(job.data);
  },
});
let app: PortalApp;

before(async () => {
  app = await buildThingApp('kittest', { consumers: [rec.consumer], workers: [worker] });
  await app.ready();
});
after(() => app.close());

test('401 without token, 403 wrong role, 200 with a real Keycloak token', async () => {
  const none = await app.inject('/api/things');
  assert.equal(none.statusCode, 401);
  assert.equal(none.json().message, Messages.tokenInvalid);
  const driver = await app.inject({
    url: '/api/things/admin',
    headers: { authorization: `Bearer ${await tokenFor('driver')}` },
  });
  assert.equal(driver.statusCode, 403);
  assert.equal(driver.json().message, Messages.forbidden);
  const admin = await app.inject({
    url: '/api/things/admin',
    headers: { authorization: `Bearer ${await tokenFor(1)}` },
  });
  assert.equal(admin.statusCode, 200);
  assert.equal(admin.json().email, 'admin@demo.portal');
  const user = await app.inject({
    url: '/api/things',
    headers: { authorization: `Bearer ${await tokenFor('user@demo.portal')}` },
  });
  assert.equal(user.statusCode, 200);
  assert.equal(user.json().role, 4);
  const real = await tokenFor(0);
  const tampered = `${real.slice(0, real.lastIndexOf('.') + 1)}${Buffer.from('forged').toString('base64url')}`;
  const forged = await app.inject({ url: '/api/things', headers: { authorization: `Bearer ${tampered}` } });
  assert.equal(forged.statusCode, 401);
  const pub = await app.inject('/api/things/public');
  assert.equal(pub.statusCode, 200);
});

test('role guards follow the route table for every demo role', async () => {
  const admin = app.routeTable().find((r) => r.url === '/api/things/admin')!;
  assert.deepEqual(admin.roles, [0, 1]);
  for (const role of [0, 1, 2, 3, 4] as const) {
    const res = await app.inject({
      url: admin.url,
      headers: { authorization: `Bearer ${await tokenFor(role)}` },
    });
    assert.equal(res.statusCode, admin.roles!.includes(role) ? 200 : 403, `role ${role}`);
  }
});

test('400 problem with the schema errorMessage', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/things',
    payload: { name: '' },
    headers: { authorization: `Bearer ${await tokenFor(4)}` },
  });
  assert.equal(res.statusCode, 400);
  assert.match(res.headers['content-type'] as string, /problem\+json/);
  assert.equal(res.json().error, 'Please give the thing a name');
});

test('healthz, readyz and openapi.json are public', async () => {
  assert.equal((await app.inject('/healthz')).statusCode, 200);
  const ready = await app.inject('/readyz');
  assert.equal(ready.statusCode, 200, ready.body);
  assert.equal(ready.json().status, 'ok');
  for (const dep of ['mongo', 'nats', 'redis', 's3'])
    assert.equal(ready.json().checks[dep].ok, true, `${dep} reported by name: ${ready.body}`);
  assert.equal(ready.json().checks.mongo.required, true);
  const doc = (await app.inject('/openapi.json')).json();
  assert.ok(doc.paths['/api/things']);
});

test('outbox events reach a durable consumer exactly once (first delivery nak-ed)', async () => {
  const auth = { authorization: `Bearer ${await tokenFor(0)}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/things',
    payload: { name: `n-${run}` },
    headers: auth,
  });
  assert.equal(created.statusCode, 201);
  const id = created.json().id as string;
  const renamed = await app.inject({
    method: 'POST',
    url: `/api/things/${id}/rename`,
    payload: { name: `r-${run}` },
    headers: auth,
  });
  assert.equal(renamed.json().matched, 1);
  const mine = () => rec.received.filter((e) => JSON.stringify(e.data).includes(run));
  await waitFor(() => mine().length >= 2, 15_000);
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(
    mine()
      .map((e) => e.type)
      .sort(),
    ['kittest.thing.created', 'kittest.thing.renamed'],
  );
  const doc = await app.mongo.collection('things').findOne({ name: `r-${run}` });
  assert.deepEqual(doc?._outbox, []);
});

test('a BullMQ job is retried after a failure', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: { queue: 'kittest-jobs', data: { run } },
    headers: { authorization: `Bearer ${await tokenFor(0)}` },
  });
  assert.equal(res.statusCode, 202);
  await waitFor(() => done.some((d) => (d as { run: string }).run === run), 15_000);
  assert.deepEqual(attempts, [1, 2]);
});
