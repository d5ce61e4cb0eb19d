import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import mongoose from 'mongoose';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import problem from '../src/plugins/app/problem.js';
import auth from '../src/plugins/app/auth.js';
import { Problem } from '../src/index.js';
import { loadEnv } from '../src/env.js';

/** Problem + auth plugins on a bare instance (no infrastructure): token-less and error paths. */
async function bare() {
  const app = Fastify({ ajv: { customOptions: { keywords: ['errorMessage'], verbose: true } } });
  app.decorate('env', loadEnv() as never);
  await app.register(problem);
  await app.register(auth);
  const body = Type.Object({
    email: Type.String({ minLength: 3, errorMessage: 'Email is required!' }),
    n: Type.Optional(Type.Integer()),
  });
  app.post('/open', { config: { public: true }, schema: { body } }, async () => ({ ok: true }));
  app.get('/closed', { config: { roles: [0] } }, async () => ({ ok: true }));
  app.get('/teapot', { config: { public: true } }, async () => {
    throw new Problem(418, 'short and stout');
  });
  app.get('/boom', { config: { public: true } }, async () => {
    throw new Error('secret internals');
  });
  app.get('/mongoose', { config: { public: true } }, async () => {
    const M =
      mongoose.models.KitUnit ??
      mongoose.model(
        'KitUnit',
        new mongoose.Schema({ name: { type: String, required: [true, 'Name please'] } }),
      );
    await new M({}).validate();
  });
  return app;
}

test('missing and garbage tokens → 401 problem with the token message', async () => {
  const app = await bare();
  for (const headers of [{}, { authorization: 'Bearer not.a.jwt' }]) {
    const res = await app.inject({ method: 'GET', url: '/closed', headers });
    assert.equal(res.statusCode, 401);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.deepEqual(res.json(), {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: Messages.tokenInvalid,
      message: Messages.tokenInvalid,
      error: Messages.tokenInvalid,
    });
  }
  await app.close();
});

test('schema errors → 400 with the property errorMessage, else AJV text', async () => {
  const app = await bare();
  const missing = await app.inject({ method: 'POST', url: '/open', payload: { n: 1 } });
  assert.equal(missing.statusCode, 400);
  assert.equal(missing.json().message, 'Email is required!');
  const short = await app.inject({ method: 'POST', url: '/open', payload: { email: 'a' } });
  assert.equal(short.json().detail, 'Email is required!');
  const wrongType = await app.inject({ method: 'POST', url: '/open', payload: { email: 'abc', n: 'x' } });
  assert.equal(wrongType.statusCode, 400);
  assert.match(wrongType.json().detail, /must be integer/);
  const notJson = await app.inject({
    method: 'POST',
    url: '/open',
    headers: { 'content-type': 'application/json' },
    payload: '{',
  });
  assert.equal(notJson.statusCode, 400);
  await app.close();
});

test('Problem, mongoose validation, unknown errors and 404', async () => {
  const app = await bare();
  const tea = await app.inject('/teapot');
  assert.equal(tea.statusCode, 418);
  assert.equal(tea.json().error, 'short and stout');
  const boom = await app.inject('/boom');
  assert.equal(boom.statusCode, 500);
  assert.equal(boom.json().detail, 'Internal Server Error');
  assert.doesNotMatch(boom.body, /secret/);
  const mv = await app.inject('/mongoose');
  assert.equal(mv.statusCode, 400);
  assert.equal(mv.json().detail, 'Name please');
  const nf = await app.inject('/nowhere');
  assert.equal(nf.statusCode, 404);
  assert.equal(nf.json().detail, Messages.notFound);
  await app.close();
});

test('routeTable lists method, url, public and roles', async () => {
  const app = await bare();
  await app.ready();
  const table = app.routeTable();
  assert.deepEqual(
    table.find((r) => r.url === '/closed'),
    { method: 'GET', url: '/closed', public: false, roles: [0] },
  );
  assert.equal(table.find((r) => r.url === '/open')?.public, true);
  assert.ok(!table.some((r) => r.method === 'HEAD'));
  await app.close();
});

test('env is validated at build', () => {
  assert.throws(() => loadEnv({ S3_PORT: 'abc' }), /invalid environment/);
  assert.equal(loadEnv({ S3_PORT: '9200' }).S3_PORT, 9200);
});
