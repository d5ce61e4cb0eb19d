import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
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

test('uploadfile: only images/PDF, at most 5 MB', async () => {
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
  assert.equal(tooBig.status, 400);
  assert.equal(tooBig.json.message, Messages.uploadTooLarge);
  const missing = await app.inject({
    method: 'GET',
    url: '/api/utils/file/logos/00000000-0000-0000-0000-000000000000.png',
  });
  assert.equal(missing.statusCode, 404);
});
