import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { AppConfig } from '../src/models/app-config.js';
import { call, listen, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('GET /api/utils/config is public and carries the defaults', async () => {
  const res = await call(app, 'GET', '/api/utils/config');
  assert.equal(res.status, 200);
  assert.ok(['orig', 'new', 'nj', 'wh', 'gh'].includes(res.json.data.logoType));
  assert.ok(Array.isArray(res.json.data.hideRoutes));
  assert.ok(Array.isArray(res.json.data.signupEmails));
  assert.equal(typeof res.json.data['sigs.show'], 'boolean');
});

test('only role 0 changes config; the change is stored and accounts.config.changed published', async () => {
  const key = `test.flag.${Date.now()}`;
  const denied = await call(app, 'POST', '/api/utils/config', await tokenFor(1), { data: { [key]: 1 } });
  assert.equal(denied.status, 403);
  assert.equal(await AppConfig.countDocuments({ key }), 0);
  const changed = await listen(app, Subjects.configChanged);
  try {
    const res = await call(app, 'POST', '/api/utils/config', await tokenFor(0), { data: { [key]: 'on' } });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.data[key], 'on');
    const ev = await waitFor(
      () => changed.events.find((e) => (e.data as { keys: string[] }).keys.includes(key)),
      10_000,
    );
    assert.ok(ev);
    const bad = await call(app, 'POST', '/api/utils/config', await tokenFor(0), {
      data: { logoType: 'nope' },
    });
    assert.equal(bad.status, 400);
    assert.equal((await call(app, 'GET', '/api/utils/config')).json.data[key], 'on');
  } finally {
    changed.stop();
    await AppConfig.deleteOne({ key });
  }
});
