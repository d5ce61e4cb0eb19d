// Every user the seed puts in the Accounts list can sign in with the documented demo password: the sample company
// users (receivers of the demo orders among them) were profiles without a Keycloak login, shown as Verified, whose
// sign-in failed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { isSuspended } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { COMPANY_PROFILES, DEMO_PASSWORD, DEMO_PROFILES } from '../scripts/seed-data.js';
import { seedLogins } from '../scripts/seed-logins.js';
import { call, startApp } from './helpers.js';
import { kcOf } from './users-fixtures.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('the seed gives every seeded profile a login; each signs in with the demo password', async () => {
  const all = [...DEMO_PROFILES, ...COMPANY_PROFILES];
  await seedLogins(kcOf(app), all);
  assert.equal(await seedLogins(kcOf(app), all), 0, 'idempotent: nothing made twice');
  for (const p of all) assert.ok(await kcOf(app).findUserId(p.email), `${p.email} has a login`);
  // the demo five are the realm file's (signed in by every suite); the sample company users sign in here, once each
  // (Keycloak's password check through the tests' client, then the profile as the portal reads it after sign-in)
  for (const p of COMPANY_PROFILES) {
    const token = await tokenFor(p.email, DEMO_PASSWORD).catch((e: Error) => e);
    if (isSuspended(p.verified)) {
      if (typeof token === 'string')
        assert.notEqual((await call(app, 'GET', '/api/users/me', token)).status, 500);
      continue;
    }
    assert.equal(typeof token, 'string', `${p.email}: ${String(token)}`);
    const me = await call(app, 'GET', '/api/users/me', token as string);
    assert.equal(me.status, 200, `${p.email}: ${JSON.stringify(me.json)}`);
    assert.equal(me.json.user.email, p.email);
  }
});
