import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages, UPLOAD_BODY_LIMIT_BYTES } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { call, startApp } from './helpers.js';

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
let app: FastifyInstance;
let token: string;
before(async () => {
  app = await startApp();
  token = await tokenFor(3);
});
after(() => app.close());

test('uploadfile: a logo (data URL) goes to the object store and its URL serves it', async () => {
  const res = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:image/png;base64,${PNG}`,
    kind: 'logo',
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const url: string = res.json.data.result;
  assert.ok(url.startsWith(`${app.env.APP_URL}/api/utils/file/logos/`), url);
  const path = url.slice(app.env.APP_URL.length);
  const file = await app.inject({ method: 'GET', url: path });
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'image/png');
  assert.deepEqual(file.rawPayload, Buffer.from(PNG, 'base64'));
});

test('uploadfile: only images/PDF, at most 5 MB (413)', async () => {
  const html = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:text/html;base64,${Buffer.from('<script>').toString('base64')}`,
  });
  assert.equal(html.status, 400);
  assert.equal(html.json.message, Messages.uploadType);
  const notData = await call(app, 'POST', '/api/utils/uploadfile', token, { file: 'hello' });
  assert.equal(notData.status, 400);
  const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64');
  const tooBig = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:application/pdf;base64,${big}`,
  });
  assert.equal(tooBig.status, 413);
  assert.equal(tooBig.json.message, Messages.uploadTooLarge);
  const missing = await app.inject({
    method: 'GET',
    url: '/api/utils/file/logos/00000000-0000-0000-0000-000000000000.png',
  });
  assert.equal(missing.statusCode, 404);
});

test('uploadfile: the content decides, not the declared type (magic bytes)', async () => {
  // An HTML page declared as a PNG: once stored and served as one.
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>').toString('base64');
  const disguised = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:image/png;base64,${html}`,
  });
  assert.equal(disguised.status, 400);
  assert.equal(disguised.json.message, Messages.uploadType);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>').toString(
    'base64',
  );
  assert.equal(
    (await call(app, 'POST', '/api/utils/uploadfile', token, { file: `data:image/svg+xml;base64,${svg}` }))
      .status,
    400,
  );
  // A real PNG declared as something else is stored as what it is.
  const mislabelled = await call(app, 'POST', '/api/utils/uploadfile', token, {
    file: `data:application/pdf;base64,${PNG}`,
  });
  assert.equal(mislabelled.status, 200, JSON.stringify(mislabelled.json));
  assert.match(mislabelled.json.data.result, /\.png$/);
  const path = (mislabelled.json.data.result as string).slice(app.env.APP_URL.length);
  assert.equal((await app.inject({ method: 'GET', url: path })).headers['content-type'], 'image/png');
});

test('uploadfile: a body over the shared limit is a 413 problem, not a dropped connection', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/utils/uploadfile',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ file: `data:application/pdf;base64,${'A'.repeat(UPLOAD_BODY_LIMIT_BYTES)}` }),
  });
  assert.equal(res.statusCode, 413);
  assert.match(String(res.headers['content-type']), /application\/problem\+json/);
  assert.equal(res.json().message, Messages.uploadTooLarge);
});
