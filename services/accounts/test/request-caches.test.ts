import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { tokenFor } from '@portal/service-kit/testing';
import { AppConfig } from '../src/models/app-config.js';
import { User, publicOrdersPath } from '../src/models/user.js';
import { PROFILE_TTL_MS } from '../src/models/profile-cache.js';
import { dropConfigCache } from '../src/domain/config.js';
import { startApp } from './helpers.js';

/** What is read on every request is served from memory: the public config and the caller's profile. */
let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const getConfig = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/utils/config', headers });

test('public config: ETag and Cache-Control, 304 on If-None-Match, a save is seen at once', async () => {
  const behind = `test.cache.behind.${Date.now()}`;
  const saved = `test.cache.saved.${Date.now()}`;
  try {
    // A fresh copy now, so its CONFIG_TTL_MS (10 s) covers the whole test even on a loaded machine.
    dropConfigCache();
    const first = await getConfig();
    assert.equal(first.statusCode, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"cfg-[\w-]+"$/);
    assert.equal(first.headers['cache-control'], 'public, no-cache');

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await getConfig({ 'if-none-match': tag });
      assert.equal(again.statusCode, 304, tag);
      assert.equal(again.body, '');
    }
    assert.equal((await getConfig({ 'if-none-match': '"cfg-stale"' })).statusCode, 200);

    // Served from memory: a row written behind the service's back is not read on every request...
    await AppConfig.create({ key: behind, value: 'x' });
    assert.equal((await getConfig()).json().data[behind], undefined);
    // ...but a save through the API drops the copy: the next read has both and a new ETag.
    const res = await app.inject({
      method: 'POST',
      url: '/api/utils/config',
      headers: { authorization: `Bearer ${await tokenFor(0)}` },
      payload: { data: { [saved]: 'on' } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = await getConfig({ 'if-none-match': etag });
    assert.equal(after.statusCode, 200);
    assert.notEqual(after.headers.etag, etag);
    assert.equal(after.json().data[saved], 'on');
    assert.equal(after.json().data[behind], 'x');
  } finally {
    await AppConfig.deleteMany({ key: { $in: [behind, saved] } });
  }
});

test('GET /users/me: the profile is kept briefly, and any write through the model shows at once', async () => {
  const headers = { authorization: `Bearer ${await tokenFor(1)}` };
  const me = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().user as { id: string; publicorderslink?: string };
  };
  const { id } = await me();
  // the first sight may link the profile (a write); this read fills the cache
  const cached = (await me()).publicorderslink;
  try {
    // A write behind the model's back (as another replica's would be) is not seen within the TTL...
    await User.collection.updateOne(
      { _id: (await User.findById(id).lean())!._id },
      { $set: { publicOrdersToken: 'probe-1' } },
    );
    assert.equal((await me()).publicorderslink, cached);
    // ...a write through the model (every route's write path) empties the cache at once...
    await User.updateOne({ _id: id }, { $set: { publicOrdersToken: 'probe-2' } });
    assert.equal((await me()).publicorderslink, publicOrdersPath('probe-2'));
    // ...and the TTL bounds what another replica's write leaves stale.
    await User.collection.updateOne(
      { _id: (await User.findById(id).lean())!._id },
      { $set: { publicOrdersToken: 'probe-3' } },
    );
    assert.equal((await me()).publicorderslink, publicOrdersPath('probe-2'));
    await new Promise((r) => setTimeout(r, PROFILE_TTL_MS + 200));
    assert.equal((await me()).publicorderslink, publicOrdersPath('probe-3'));
  } finally {
    await User.updateOne({ _id: id }, { $unset: { publicOrdersToken: 1 } });
  }
});
