import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Messages } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { Tombstone } from '../src/models/tombstone.js';
import { call, startApp, uniqueEmail } from './helpers.js';
import { kcUser } from './users-fixtures.js';

/**
 * The kit's per-user state in Redis is a fast copy; the profiles and tombstones are the record. A start
 * writes every suspension and recent deletion to Redis again, so a suspended user's old token stays refused even
 * when Redis lost its state (a restart, a flush, a new Redis).
 */
let app: FastifyInstance | undefined;
after(async () => {
  await app?.close();
});

const rename = (email: string, firstName: string) => ({
  user: { email, name: { firstName, lastName: 'Sync' } },
});

test('a suspended user whose Redis state was lost is refused again after a restart (old token, write)', async () => {
  app = await startApp();
  const u = await kcUser(app, 'suspsync');
  try {
    const token = await u.token();
    // suspended in the profile, but Redis has forgotten it (as after a Redis restart without persistence)
    await User.updateOne({ email: u.email }, { $set: { verified: AccountState.Suspended } });
    await app.redis.del(`portal:suspended:${u.sub}`, `portal:user:${u.sub}`);
    const before = await call(app, 'POST', '/api/users/update', token, rename(u.email, 'Before'));
    assert.equal(before.status, 200, 'without the sync the suspended user still acts');

    await app.close();
    app = await startApp(); // the start syncs the user states (onReady)
    const act = await call(app, 'POST', '/api/users/update', token, rename(u.email, 'After'));
    assert.equal(act.status, 403, JSON.stringify(act.json));
    assert.equal(act.json.message, Messages.suspended);
    const read = await call(app, 'GET', '/api/users/me', token);
    assert.equal(read.status, 200, 'a suspended user still reads (the suspension message)');
  } finally {
    await app!.redis.del(`portal:suspended:${u.sub}`);
    await u.cleanup();
  }
});

test('a deletion recorded in a tombstone is marked in Redis again at start; an old one is not', async () => {
  const recent = `sync-deleted-${Date.now()}`;
  const old = `sync-deleted-old-${Date.now()}`;
  await Tombstone.create({ kind: 'user', refId: recent, key: uniqueEmail('gone'), sub: recent });
  await Tombstone.collection.insertOne({
    kind: 'user',
    refId: old,
    key: uniqueEmail('gone-old'),
    sub: old,
    createdAt: new Date(Date.now() - 3 * 24 * 3600_000),
  });
  try {
    await app!.close();
    app = await startApp();
    assert.equal((await app.userState.read(recent)).deleted, true);
    assert.equal((await app.userState.read(old)).deleted, false, 'older than any token: not re-announced');
  } finally {
    await Tombstone.deleteMany({ refId: { $in: [recent, old] } });
    await app!.redis.del(`portal:user:${recent}`, `portal:user:${old}`);
  }
});
