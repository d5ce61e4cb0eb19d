import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Types } from 'mongoose';
import { AccountState, Messages, Role, type RoleNumber } from '@portal/contracts';
import { canSee, viewFor, whereFilter } from '../src/domain/users.js';
import { createRefusal } from '../src/domain/user-admin.js';
import { companyKeysOf, type UserDoc } from '../src/models/user.js';
import { licencesOf, profileError } from '../src/domain/profiles.js';

/** Users' visibility, list filters and creation rules without HTTP or a database. */
const doc = (email: string, lic?: string, extra: Partial<UserDoc> = {}) =>
  ({
    _id: new Types.ObjectId(),
    email,
    role: Role.User,
    verified: AccountState.Verified,
    company: lic ? { 'License #': lic, licenseNumbers: [lic] } : undefined,
    signature: { name: 'S' },
    ...extra,
  }) as unknown as UserDoc;

test('whereFilter: top-level equalities (index-served), company by companyKeys, no client operators (table)', () => {
  const rows: [string, Record<string, string | number | boolean>, Record<string, unknown>][] = [
    ['empty', {}, {}],
    ['role', { role: Role.Admin }, { role: Role.Admin }],
    ['email lower-cased', { email: 'A@B.C' }, { email: 'a@b.c' }],
    ['company licence by key', { 'company.License #': 'c11-1 ' }, { companyKeys: 'C11-1' }],
    ['verified', { verified: 'true' }, { verified: AccountState.Verified }],
    ['suspended', { verified: 'suspended' }, { verified: AccountState.Suspended }],
    [
      'not verified = pending or suspended',
      { verified: false },
      { verified: { $ne: AccountState.Verified } },
    ],
    ['unknown and operator keys dropped', { $where: '1', hasSentEmail: true }, {}],
  ];
  for (const [name, where, expected] of rows) assert.deepEqual(whereFilter(where), expected, name);
  const search = whereFilter({ search: 'a.b' });
  assert.ok(Array.isArray(search.$or));
  assert.deepEqual((search.$or as Record<string, { $regex: string }>[])[0]!.email!.$regex, 'a\\.b');
});

test('canSee and viewFor: staff all, others themselves and their company; a standard user sees colleagues thin', () => {
  const me = doc('me@x', 'L-1');
  const colleague = doc('c@x', 'L-1');
  const stranger = doc('s@x', 'L-2');
  const rows: [RoleNumber, UserDoc, boolean][] = [
    [Role.Admin, stranger, true],
    [Role.User, me, true],
    [Role.User, colleague, true],
    [Role.AccountAdmin, stranger, false],
  ];
  for (const [role, target, expected] of rows)
    assert.equal(canSee(me, role, target), expected, `${role} ${target.email}`);
  assert.deepEqual(Object.keys(viewFor(Role.User, String(me._id), colleague)).sort(), [
    'email',
    'id',
    'name',
    'role',
    'verified',
  ]);
  assert.ok('signature' in viewFor(Role.User, String(me._id), me), 'own profile whole');
  assert.ok(
    'signature' in viewFor(Role.AccountAdmin, String(me._id), colleague),
    'account admins see profiles',
  );
});

test('companyKeysOf and licencesOf: every licence of the company, keys case- and space-insensitive', () => {
  const u = { company: { 'License #': 'c11-1', licenseNumbers: ['C11-1', 'c11 2'] } };
  assert.deepEqual(licencesOf(u), ['c11-1', 'C11-1', 'c11 2']);
  assert.deepEqual(companyKeysOf(u), ['C11-1', 'C112']);
  assert.deepEqual(companyKeysOf({}), []);
});

test('createRefusal: email, length, role hierarchy, staff-only fields (table)', () => {
  const rows: [RoleNumber, Parameters<typeof createRefusal>[1], [number, string] | undefined][] = [
    [Role.Admin, { email: 'new@x.example' }, undefined],
    [Role.Admin, { email: 'not an email' }, [400, Messages.invalidEmail]],
    [Role.Admin, { email: `${'a'.repeat(55)}@x.example` }, [400, Messages.emailTooLong]],
    [Role.Admin, { email: 'n@x.example', role: Role.SuperAdmin }, [403, Messages.forbidden]],
    [Role.AccountAdmin, { email: 'n@x.example', role: Role.Admin }, [403, Messages.forbidden]],
    [Role.AccountAdmin, { email: 'n@x.example', sameDayPickup: true }, [403, Messages.forbidden]],
    [Role.SuperAdmin, { email: 'n@x.example', role: Role.Admin, sameDayPickup: true }, undefined],
  ];
  for (const [role, input, expected] of rows)
    assert.deepEqual(createRefusal(role, input), expected, input.email);
});

test('profileError: drivers have no billing or licence fields', () => {
  const base = {
    name: { firstName: 'D', lastName: 'R' },
    company: { Licensee: 'L', DBA: 'D', phone: '+19165550199' },
  };
  assert.equal(profileError(base, Role.Driver, true), undefined);
  assert.equal(profileError(base, Role.User, true), Messages.fieldRequired('Billing Contact Name'));
});
