import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Role } from '@portal/contracts';
import { assertUsesIndex } from '@portal/service-kit/testing';
import { User } from '../src/models/user.js';
import { Invite } from '../src/models/invite.js';
import { LicenceRecord, licenceKey } from '../src/models/licence-record.js';
import { Tombstone } from '../src/models/tombstone.js';
import { Pin } from '../src/models/pin.js';
import { whereFilter } from '../src/domain/users.js';
import { invitesFilter } from '../src/domain/invites.js';
import { startApp } from './helpers.js';

/**
 * Every list query accounts runs reaches the database with a top-level equality that an index serves
 * (FerretDB's pushdown + the PostgreSQL plan behind it; an IXSCAN on MongoDB). The filters are the ones the domain
 * modules build, not copies: a change that makes a list scan fails here. What no index can serve is listed in
 * README.md ("Queries") with why.
 */
let app: FastifyInstance;
const LIC = 'C11-0000101-LIC'; // a seeded company

before(async () => {
  app = await startApp();
});
after(async () => {
  await app.close();
});

/** The index-served part of a filter: its top-level equalities (the rest is a residual on the rows they select). */
const equalities = (filter: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filter).filter(([k, v]) => !k.startsWith('$') && (v === null || typeof v !== 'object')),
  );

test('users: a company list (companyKeys), by role, by verified and suspended', async () => {
  const cases: Record<string, unknown>[] = [
    { companyKeys: licenceKey(LIC) }, // roles 3, 4: their company's users (domain/users.ts companyUsers)
    { ...whereFilter({ role: Role.AccountAdmin }), companyKeys: licenceKey(LIC) },
    whereFilter({ role: Role.Admin }),
    whereFilter({ verified: true }),
    whereFilter({ verified: AccountState.Suspended }), // also the start-up user-state sync
    whereFilter({ 'company.License #': LIC }),
    whereFilter({ email: 'admin@demo.portal' }),
  ];
  for (const filter of cases) {
    assert.deepEqual(equalities(filter), filter, `${JSON.stringify(filter)} is all equalities`);
    await assertUsesIndex(User, filter, { email: 1 });
  }
  // "not verified" is pending or suspended: the residual rides on the company equality for company lists
  const notVerified = { ...whereFilter({ verified: false }), companyKeys: licenceKey(LIC) };
  await assertUsesIndex(User, equalities(notVerified), { email: 1 });
});

test("invites: the inviter's company list and an invitee's own pending invites", async () => {
  const me = (await User.findOne({ email: 'accountadmin@demo.portal' }).lean())!;
  for (const [role, where] of [
    [Role.AccountAdmin, {}],
    [Role.AccountAdmin, { email: 'someone@x.example' }],
    [Role.User, {}], // non-inviters see their own pending invites
  ] as const) {
    const filter = invitesFilter({ sub: 'x', role }, me as never, where);
    await assertUsesIndex(Invite, equalities(filter), { date: -1 });
  }
  await assertUsesIndex(Invite, { tokenHash: 'x'.repeat(64) }); // sign-up by invite claims it by hash
});

test('licence records, pins and tombstones: every lookup by a key', async () => {
  await assertUsesIndex(LicenceRecord, { licenseKey: licenceKey(LIC) });
  await assertUsesIndex(Pin, { purpose: 'reset', key: 'user@demo.portal' });
  await assertUsesIndex(Tombstone, { kind: 'user' }); // the start-up sync of recent deletions
  await assertUsesIndex(Tombstone, { sub: 'x' }); // "was this user deleted?" (ensureProfile)
});
