import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startReplicaScript, tokenFor, waitFor } from '@portal/service-kit/testing';
import { AppConfig } from '../src/models/app-config.js';
import { User, publicOrdersPath } from '../src/models/user.js';
import { PROFILE_TTL_MS } from '../src/models/profile-cache.js';
import { CONFIG_TTL_MS } from '../src/domain/config.js';
import { TEST_ENV, startApp } from './helpers.js';

/**
 * Two accounts replicas: this file's app, and another process writing as a replica's route does. Its write drops
 * this replica's copies at once (told over Redis: models/cache-drops.ts), not after their ttl: a profile saved
 * through one replica is not answered as before by the other, nor the public config a superadmin just saved.
 */
let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const otherReplica = (write: object) =>
  startReplicaScript(fileURLToPath(new URL('./fixtures/replica-writer.ts', import.meta.url)), {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { WRITER_DB: TEST_ENV.MONGO_DB, WRITE: JSON.stringify(write) },
  });
/** Well inside both ttls: only a drop told by the other replica explains a fresh answer this soon. */
const SOON_MS = 1000;

test("a profile written by the other replica is answered as written here at once, not from this one's copy", async () => {
  const headers = { authorization: `Bearer ${await tokenFor(1)}` };
  const me = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().user as { id: string; publicorderslink?: string };
  };
  const { id } = await me();
  const token = `replica-${Date.now()}`;
  const other = await otherReplica({ kind: 'user', id, publicOrdersToken: token });
  try {
    const t = Date.now();
    await me();
    assert.notEqual((await me()).publicorderslink, publicOrdersPath(token), 'the copy, before the write');
    await other.go();
    await waitFor(async () => (await me()).publicorderslink === publicOrdersPath(token), SOON_MS, 20);
    assert.ok(Date.now() - t < PROFILE_TTL_MS, 'seen before the copy would have expired');
  } finally {
    // the demo admin is shared with the other suites: the token written here does not stay
    await User.updateOne({ _id: id }, { $unset: { publicOrdersToken: 1 } });
  }
});

test('the public config saved through the other replica is served here at once', async () => {
  const key = `test.replica.${Date.now()}`;
  const config = async () => (await app.inject({ method: 'GET', url: '/api/utils/config' })).json().data;
  try {
    const other = await otherReplica({ kind: 'config', key, value: 'on' });
    const t = Date.now();
    assert.equal((await config())[key], undefined);
    await other.go();
    await waitFor(async () => (await config())[key] === 'on', SOON_MS, 20);
    assert.ok(Date.now() - t < CONFIG_TTL_MS, 'seen before the copy would have expired');
  } finally {
    await AppConfig.deleteMany({ key });
  }
});
