import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  CONFIG_SWITCH_DEFAULTS,
  CONFIG_SWITCHES,
  NEW_LICENCE_PLACEHOLDER,
  Subjects,
} from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { AppConfig } from '../src/models/app-config.js';
import { dropConfigCache } from '../src/domain/config.js';
import { call, listen, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('GET /api/utils/config is public, carries the defaults, and no internal addresses', async () => {
  const res = await call(app, 'GET', '/api/utils/config');
  assert.equal(res.status, 200);
  assert.ok(['orig', 'new', 'nj', 'wh', 'gh'].includes(res.json.data.logoType));
  assert.ok(Array.isArray(res.json.data.hideRoutes));
  assert.equal(typeof res.json.data['sigs.show'], 'boolean');
  // the admin addresses for sign-up notices are not for every visitor
  assert.equal(res.json.data.signupEmails, undefined);
  assert.ok(!JSON.stringify(res.json).includes('admin@demo.portal'));
});

test('GET /api/utils/config/all: the whole config (signupEmails too) for the superadmin only', async () => {
  const full = await call(app, 'GET', '/api/utils/config/all', await tokenFor(0));
  assert.equal(full.status, 200);
  assert.ok(Array.isArray(full.json.data.signupEmails));
  assert.equal((await call(app, 'GET', '/api/utils/config/all', await tokenFor(1))).status, 403);
  assert.equal((await call(app, 'GET', '/api/utils/config/all')).status, 401);
});

test('OpenAPI: public routes say `security: []`, the rest inherit the bearer requirement', async () => {
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  assert.deepEqual(doc.security, [{ bearer: [] }]);
  for (const [path, method] of [
    ['/api/utils/config', 'get'],
    ['/api/auth/login', 'post'],
    ['/api/license/licensenumbers', 'get'],
  ] as const)
    assert.deepEqual(doc.paths[path][method].security, [], `${method} ${path}`);
  for (const [path, method] of [
    ['/api/users/me', 'get'],
    ['/api/utils/config', 'post'],
  ] as const)
    assert.equal(doc.paths[path][method].security, undefined, `${method} ${path}`);
});

test('config body: open-ended keys kept, wrong types refused (no coercion), oversize values refused', async () => {
  const key = `test.open.${Date.now()}`;
  const root = await tokenFor(0);
  try {
    const ok = await call(app, 'POST', '/api/utils/config', root, { data: { [key]: { nested: [1] } } });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.deepEqual(ok.json.data[key], { nested: [1] });
    // "true" is not a boolean: AJV must not coerce it (it once stored true)
    const str = await call(app, 'POST', '/api/utils/config', root, { data: { 'sigs.show': 'true' } });
    assert.equal(str.status, 400);
    const bad = await call(app, 'POST', '/api/utils/config', root, {
      data: { signupEmails: ['ok@demo.portal', `a@${'b'.repeat(300)}.io`] },
    });
    assert.equal(bad.status, 400);
  } finally {
    await AppConfig.deleteOne({ key });
  }
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

test("every switch unset is served at contracts' default; a stored string or nested form as its boolean", async () => {
  const keys = [...CONFIG_SWITCHES, 'orders'];
  const saved = await AppConfig.find({ key: { $in: keys } }).lean();
  try {
    await AppConfig.deleteMany({ key: { $in: keys } });
    dropConfigCache();
    const unset = (await call(app, 'GET', '/api/utils/config')).json.data;
    for (const k of CONFIG_SWITCHES) assert.equal(unset[k], CONFIG_SWITCH_DEFAULTS[k], k);
    await AppConfig.create([
      { key: 'alertNewOrders', value: 'false' },
      { key: 'orders', value: { autoApprove: true } },
    ]);
    dropConfigCache();
    const all = (await call(app, 'GET', '/api/utils/config/all', await tokenFor(0))).json.data;
    assert.equal(all.alertNewOrders, false);
    assert.equal(all['orders.autoApprove'], true);
    assert.equal(all.rejectionEmails, true);
  } finally {
    await AppConfig.deleteMany({ key: { $in: keys } });
    if (saved.length) await AppConfig.insertMany(saved);
    dropConfigCache();
  }
});

test('accounts §3/§9 config: defaultId is the spec default licence id unless stored; externalUrl and menu are gone', async () => {
  const res = await call(app, 'GET', '/api/utils/config');
  assert.equal(res.json.data.defaultId, NEW_LICENCE_PLACEHOLDER, 'the spec default, "000-00000"');
  assert.equal('externalUrl' in res.json.data, false, 'removed: see README Decisions');
  assert.equal(
    'menu' in res.json.data,
    false,
    'removed: the manifests are the menu, hideRoutes hides entries',
  );
  const root = await tokenFor(0);
  try {
    const set = await call(app, 'POST', '/api/utils/config', root, {
      data: { defaultId: 'C00-0000000-NEW' },
    });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    dropConfigCache();
    assert.equal((await call(app, 'GET', '/api/utils/config')).json.data.defaultId, 'C00-0000000-NEW');
  } finally {
    await AppConfig.deleteOne({ key: 'defaultId' });
    dropConfigCache();
  }
});
