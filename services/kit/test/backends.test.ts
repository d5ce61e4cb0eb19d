import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Subjects } from '@portal/contracts';
import { freePort, mailbox } from '../testing/index.js';
import { buildService, type Backend, type PortalApp } from '../src/index.js';

/**
 * Backends are opt-in per service: a service registers, decorates and checks only what it declares,
 * so one that sends no mail starts and is ready with SMTP down. Plus the object store's pre-signed URLs against
 * the running MinIO and the bus' typed publish.
 */
const apps: PortalApp[] = [];
after(async () => {
  for (const a of apps) await a.close();
});
async function start(backends: Backend[] | undefined, env: Record<string, unknown> = {}) {
  const app = await buildService(
    { name: 'kitbackends', domain: 'kitbackends', routes: [], backends },
    { LOG_LEVEL: 'warn', ...env },
  );
  apps.push(app);
  await app.ready();
  return app;
}
const readyz = async (app: PortalApp) => {
  const res = await app.inject({ url: '/readyz' });
  return {
    code: res.statusCode,
    body: res.json() as { status: string; checks: Record<string, { ok: boolean }> },
  };
};

test('without smtp: starts and is ready while SMTP points at a closed port; no mailer, no smtp check', async () => {
  const app = await start(['mongo', 'redis'], { SMTP_PORT: await freePort() });
  const { code, body } = await readyz(app);
  assert.equal(code, 200);
  assert.deepEqual(Object.keys(body.checks).sort(), ['mongo', 'redis']);
  assert.equal(app.hasDecorator('mailer'), false);
  assert.equal(app.hasDecorator('bus'), false, 'no nats declared: no bus');
  assert.equal(app.hasDecorator('objectStore'), false);
});

test('the default is every backend but smtp (services that declare nothing keep working)', async () => {
  const app = await start(undefined);
  assert.deepEqual(Object.keys((await readyz(app)).body.checks).sort(), ['mongo', 'nats', 'redis', 's3']);
});

test('with smtp down: degraded (200) by default, 503 when READY_REQUIRES names smtp', async () => {
  const port = await freePort();
  const app = await start(['mongo', 'redis', 'smtp'], { SMTP_PORT: port, SMTP_CONNECTION_TIMEOUT_MS: 500 });
  const r = await readyz(app);
  assert.equal(r.code, 200);
  assert.equal(r.body.status, 'degraded');
  assert.equal(r.body.checks.smtp?.ok, false);
  const strict = await start(['mongo', 'redis', 'smtp'], {
    SMTP_PORT: port,
    SMTP_CONNECTION_TIMEOUT_MS: 500,
    READY_REQUIRES: 'mongo,smtp',
  });
  assert.equal((await readyz(strict)).code, 503);
});

test('with smtp up (the local sink): ready, and app.mailer sends', async () => {
  const app = await start(['mongo', 'redis', 'smtp']);
  assert.equal((await readyz(app)).body.checks.smtp?.ok, true);
  const to = `kit-backends-${Date.now()}@test.portal`;
  assert.ok(await app.mailer.send(to, { subject: 'kit mailer', html: '<p>hi</p>', text: 'hi' }));
  const mail = await mailbox.waitForMailTo(to, 'kit mailer', { timeoutMs: 10_000 });
  assert.equal(mail.text.trim(), 'hi');
  assert.equal(await mailbox.clear(to), 1, "the shared mailbox loses only this test's mail");
});

test('an outbox or consumers without nats is a configuration error at build time', async () => {
  await assert.rejects(
    buildService({ name: 'kitbad', domain: 'kitbad', routes: [], backends: ['mongo'], models: [{}] }),
    /need the 'nats' backend/,
  );
});

test('objectStore: pre-signed PUT upload, then a pre-signed download under a file name (real MinIO)', async () => {
  const app = await start(['mongo', 'redis', 's3'], { S3_BUCKET: 'kit-presign-test' });
  await app.objectStore.ensureBucket();
  const key = `t/${Date.now()}.txt`;
  const up = await app.objectStore.presignedPut(key, { expires: 60, contentType: 'text/plain' });
  assert.equal(up.method, 'PUT');
  if (up.method !== 'PUT') return;
  const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: 'hello presigned' });
  assert.equal(put.status, 200, await put.text());
  const url = await app.objectStore.presignedGet(key, { expires: 60, filename: 'Résumé "1".txt' });
  const got = await fetch(url);
  assert.equal(got.status, 200);
  assert.equal(await got.text(), 'hello presigned');
  const cd = got.headers.get('content-disposition') ?? '';
  assert.match(
    cd,
    /^attachment; filename="R_sum_ _1_.txt"; filename\*=UTF-8''R%C3%A9sum%C3%A9%20%221%22.txt$/,
  );
  const expired = await app.objectStore.presignedGet(key, { expires: 1 });
  await new Promise((r) => setTimeout(r, 2100));
  assert.equal((await fetch(expired)).status, 403, 'an expired URL is refused');
  await app.objectStore.client.removeObject('kit-presign-test', key);
});

test('objectStore: with maxBytes the upload is a POST policy that S3 enforces (too big refused)', async () => {
  const app = await start(['mongo', 'redis', 's3'], { S3_BUCKET: 'kit-presign-test' });
  await app.objectStore.ensureBucket();
  const key = `t/${Date.now()}.png`;
  const up = await app.objectStore.presignedPut(key, { expires: 60, contentType: 'image/png', maxBytes: 10 });
  assert.equal(up.method, 'POST');
  if (up.method !== 'POST') return;
  const post = (size: number, type = 'image/png') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(up.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(size)], { type }));
    return fetch(up.url, { method: 'POST', body: form });
  };
  const big = await post(11);
  assert.equal(big.status, 400);
  assert.match(await big.text(), /EntityTooLarge/);
  assert.equal((await post(10)).status, 204);
  await app.objectStore.client.removeObject('kit-presign-test', key);
});

test('bus.publish: typed and checked against the catalogue before anything is sent', async () => {
  const app = await start(['mongo', 'redis', 'nats']);
  await assert.rejects(
    app.bus.publish(Subjects.userVerified, { userId: 'u' } as never),
    /event not published: payload of accounts\.user\.verified\.v1/,
  );
});
