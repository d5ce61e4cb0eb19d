import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages, Role, type RoleNumber } from '@portal/contracts';
import {
  addsForbiddenLicences,
  patchError,
  setOf,
  updateRefusal,
  type Patch,
} from '../src/domain/user-update-rules.js';

/** The profile update rules (accounts §5, §6) without HTTP or a database: who may change what. */
const LIC = 'C11-0000001-LIC';
const company = (lic = LIC) => ({
  'License #': lic,
  Licensee: 'Co LLC',
  DBA: 'Co',
  'Street Address': '1 Way',
  phone: '+19165550199',
  billingContactName: 'Bill',
  billingContactEmail: 'bill@co.example',
  billingAddress: '1 Way',
  licenseNumbers: [lic],
});
const user = (role: RoleNumber, withCompany = true) => ({
  role,
  company: withCompany ? company() : undefined,
});

test('updateRefusal: who may change what (table)', () => {
  const rows: [string, RoleNumber, boolean, ReturnType<typeof user>, Patch, string | undefined][] = [
    ['self edits own name', Role.User, true, user(Role.User), { name: { firstName: 'A' } }, undefined],
    [
      'user edits a colleague',
      Role.User,
      false,
      user(Role.User),
      { name: { firstName: 'A' } },
      Messages.forbidden,
    ],
    [
      'account admin edits a colleague',
      Role.AccountAdmin,
      false,
      user(Role.User),
      { name: { firstName: 'A' } },
      undefined,
    ],
    [
      'account admin edits a staff member',
      Role.AccountAdmin,
      false,
      user(Role.Admin),
      {},
      Messages.forbidden,
    ],
    ['admin edits the superadmin', Role.Admin, false, user(Role.SuperAdmin), {}, Messages.forbidden],
    [
      'non-staff sets verified',
      Role.AccountAdmin,
      true,
      user(Role.AccountAdmin),
      { verified: true },
      Messages.forbidden,
    ],
    [
      'non-staff sets sameDayPickup',
      Role.User,
      true,
      user(Role.User),
      { sameDayPickup: true },
      Messages.forbidden,
    ],
    ['staff sets verified', Role.Admin, false, user(Role.User), { verified: true }, undefined],
    [
      'non-staff sets company.active',
      Role.User,
      true,
      user(Role.User),
      { company: { active: false } },
      Messages.forbidden,
    ],
    [
      'user raises own role',
      Role.User,
      true,
      user(Role.User),
      { role: Role.AccountAdmin },
      Messages.forbidden,
    ],
    [
      'account admin makes an admin',
      Role.AccountAdmin,
      false,
      user(Role.User),
      { role: Role.Admin },
      Messages.forbidden,
    ],
    [
      'account admin makes an account admin',
      Role.AccountAdmin,
      false,
      user(Role.User),
      { role: Role.AccountAdmin },
      undefined,
    ],
    [
      'admin makes a superadmin',
      Role.Admin,
      false,
      user(Role.User),
      { role: Role.SuperAdmin },
      Messages.forbidden,
    ],
    ['superadmin makes an admin', Role.SuperAdmin, false, user(Role.User), { role: Role.Admin }, undefined],
    [
      'user changes a set licence',
      Role.User,
      true,
      user(Role.User),
      { company: { 'License #': 'X-1' } },
      Messages.forbidden,
    ],
    [
      'new user sets a first licence',
      Role.User,
      true,
      user(Role.User, false),
      { company: { 'License #': 'X-1' } },
      undefined,
    ],
    [
      'staff changes a licence',
      Role.Admin,
      false,
      user(Role.User),
      { company: { 'License #': 'X-1' } },
      undefined,
    ],
  ];
  for (const [name, callerRole, isSelf, target, patch, expected] of rows) {
    assert.equal(updateRefusal({ callerRole, isSelf, target, patch }), expected, name);
  }
});

test('patchError: a form save must be complete; a partial patch only valid (table)', () => {
  const target = { name: { firstName: 'A', lastName: 'B' }, company: company() };
  const rows: [string, Patch, number, string | undefined][] = [
    ['complete form save', { company: {} }, Role.User, undefined],
    ['form save drops the DBA', { company: { DBA: '' } }, Role.User, Messages.fieldRequired('DBA')],
    [
      'name over 100',
      { name: { firstName: 'x'.repeat(101) } },
      Role.User,
      Messages.fieldTooLong('Contact Name', 100),
    ],
    ['bad phone', { company: { phone: '12' } }, Role.User, Messages.phoneInvalid],
    ['alerts only', { alerts: { email: false } }, Role.User, undefined],
  ];
  for (const [name, patch, role, expected] of rows)
    assert.equal(patchError(target, patch, role), expected, name);
});

test('addsForbiddenLicences: roles 0-3 may add licence numbers, a standard user only keeps its own (table)', () => {
  const target = { company: company() };
  const rows: [RoleNumber, string[], boolean][] = [
    [Role.User, [LIC], false],
    [Role.User, [LIC, 'OTHER-1'], true],
    [Role.AccountAdmin, [LIC, 'OTHER-1'], false],
    [Role.Driver, [LIC, 'OTHER-1'], false],
  ];
  for (const [role, licenseNumbers, expected] of rows)
    assert.equal(
      addsForbiddenLicences(role, target, { company: { licenseNumbers } }),
      expected,
      `${role} ${licenseNumbers}`,
    );
});

test('setOf: only the schema fields, sub-objects merged key by key, unknown keys dropped', () => {
  assert.deepEqual(
    setOf({
      name: { firstName: 'A', evil: 1 },
      company: { DBA: 'D' },
      hasSentEmail: true,
      $where: 'x',
    } as Patch),
    { 'name.firstName': 'A', 'company.DBA': 'D' },
  );
  assert.deepEqual(setOf({ role: Role.Admin, verified: 'suspended' }), {
    role: Role.Admin,
    verified: 'suspended',
  });
  assert.deepEqual(setOf({}), {});
});
