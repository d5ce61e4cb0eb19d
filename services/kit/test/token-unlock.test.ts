// A user locked by Keycloak's brute-force detection is refused even the right password, with the same "Invalid user
// credentials" as a wrong one (a CI run lost two suites to a demo user locked that way). The kit's token helper
// tells the lock apart from Keycloak's record, prints it, clears it and signs in. Real Keycloak; a throwaway user, so
// no demo user is ever locked by this file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { throwawayUser, type ThrowawayUser } from '../testing/index.js';
import { grantUnlockingOnce, passwordGrant } from '../testing/tokens.js';

let u: ThrowawayUser;
before(async () => {
  u = await throwawayUser('unlock');
});
after(() => u?.remove());

test('a locked user: the right password refused, then the helper reads the lock, clears it and signs in', async () => {
  // two failures within the realm's quick-login check (1 s) lock the user for its minimum wait (60 s)
  for (const wrong of ['Wrong!2345a', 'Wrong!2345b'])
    assert.equal((await passwordGrant(u.email, wrong)).status, 401);
  const refused = await passwordGrant(u.email, u.password);
  assert.equal(refused.status, 401, 'locked: the right password is refused too');
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    const res = await grantUnlockingOnce(u.email, u.password);
    assert.equal(res.status, 200, await res.clone().text());
    assert.ok(((await res.json()) as { access_token?: string }).access_token);
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /locked by Keycloak's brute-force detection/);
  assert.match(warnings[0]!, /"numFailures":[1-9]/);
  assert.doesNotMatch(warnings[0]!, new RegExp(u.password.replace(/[^\w]/g, '.')), 'no password in the log');
});

test('a wrong password is not unlocked away: refused with the record, and nothing is retried', async () => {
  await assert.rejects(
    grantUnlockingOnce(u.email, 'Wrong!2345c'),
    /Invalid user credentials.*brute-force record/,
  );
});
