import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Types } from 'mongoose';
import { Messages, Role, Subjects, type InviteData, type RoleNumber } from '@portal/contracts';
import { openSealed } from '@portal/service-kit';
import { invitesFilter, mayAnswer, toInvite } from '../src/domain/invites.js';
import { missingField, recordFields, toRecord } from '../src/domain/licences.js';
import { licenceAdmission } from '../src/domain/sign-up.js';
import { dataUrlBytes } from '../src/domain/uploads.js';
import { inviteEvent, userUpdateEvents } from '../src/events/publishes.js';
import type { InviteDoc } from '../src/models/invite.js';
import type { UserDoc } from '../src/models/user.js';
import type { LicenceRecordDoc } from '../src/models/licence-record.js';

/** Invites, licence records, sign-up admission, uploads and event payloads: rules without HTTP or a database. */
const me = {
  _id: new Types.ObjectId(),
  email: 'me@co.example',
  company: { 'License #': 'L-1' },
} as unknown as UserDoc;
const caller = (role: RoleNumber) => ({ sub: 's', role });
const invite = (email: string, companyKey = 'L-1') =>
  ({
    _id: new Types.ObjectId(),
    email,
    invited: 'a@co.example',
    companyKey,
    data: {},
  }) as unknown as InviteDoc;

test('invitesFilter: own pending invites for non-inviters and `mine`; the company for inviters; staff all (table)', () => {
  const own = { email: me.email, 'data.notified': { $ne: true } };
  const rows: [RoleNumber, { mine?: boolean; email?: string }, Record<string, unknown>][] = [
    [Role.User, {}, own],
    [Role.Driver, {}, own],
    [Role.AccountAdmin, { mine: true }, own],
    [Role.AccountAdmin, {}, { companyKey: 'L-1' }],
    [Role.AccountAdmin, { email: ' X@Y.Z ' }, { companyKey: 'L-1', email: 'x@y.z' }],
    [Role.Admin, {}, {}],
  ];
  for (const [role, where, expected] of rows)
    assert.deepEqual(invitesFilter(caller(role), me, where), expected, `${role}`);
});

test('mayAnswer: the invitee answers; an inviter of the company may only mark notified (table)', () => {
  const rows: [RoleNumber, InviteDoc, { accepted?: boolean; notified?: boolean }, boolean][] = [
    [Role.User, invite(me.email), { accepted: true }, true],
    [Role.User, invite('other@co.example'), { notified: true }, false],
    [Role.AccountAdmin, invite('other@co.example'), { notified: true }, true],
    [Role.AccountAdmin, invite('other@co.example'), { accepted: true }, false],
    [Role.AccountAdmin, invite('other@co.example', 'L-2'), { notified: true }, false],
    [Role.Admin, invite('other@co.example', 'L-2'), { notified: true }, true],
  ];
  for (const [role, inv, data, expected] of rows)
    assert.equal(
      mayAnswer(caller(role), me, inv, { id: String(inv._id), data }),
      expected,
      `${role} ${inv.email}`,
    );
  assert.deepEqual(toInvite(invite('x@y.z')).data, { accepted: false, notified: false });
});

test('inviteEvent: the link has no token; the token is sealed to the address and opens only there', () => {
  const inv = {
    ...invite('new@co.example'),
    user: { company: { Licensee: 'Co', 'License #': 'L-1', licenseNumbers: ['L-2'] } },
  };
  const ev = inviteEvent(Subjects.inviteCreated, inv, 'http://portal.example/', {
    value: 'secret-token-value',
    expiresAt: new Date(Date.now() + 60_000),
  });
  const data = ev.data as InviteData;
  assert.equal(data.link, 'http://portal.example/signMeUp?email=new%40co.example');
  assert.deepEqual(data.licenseNumbers, ['L-1', 'L-2']);
  assert.ok(!JSON.stringify(ev).includes('secret-token-value'));
  assert.equal(openSealed(data.sealedToken!, { context: 'new@co.example' }), 'secret-token-value');
  assert.throws(() => openSealed(data.sealedToken!, { context: 'other@co.example' }));
  assert.equal(
    (inviteEvent(Subjects.inviteAccepted, inv, 'http://p').data as InviteData).sealedToken,
    undefined,
  );
});

test('userUpdateEvents: verified and suspended only on the transition, updated always (table)', () => {
  const user = (verified: unknown) =>
    ({ _id: new Types.ObjectId(), email: 'u@x', role: 4, verified }) as unknown as UserDoc;
  const rows: [unknown, unknown, string[]][] = [
    [false, true, [Subjects.userVerified, Subjects.userUpdated]],
    [true, true, [Subjects.userUpdated]],
    [true, 'suspended', [Subjects.userSuspended, Subjects.userUpdated]],
    ['suspended', 'suspended', [Subjects.userUpdated]],
    [false, undefined, [Subjects.userUpdated]],
  ];
  for (const [before, after, subjects] of rows)
    assert.deepEqual(
      userUpdateEvents(user(before), { verified: after }).map((e) => e.subject),
      subjects,
      `${before}→${after}`,
    );
});

test('licence records: required fields, stored fields, the answer shape (table)', () => {
  const full = {
    'License #': ' abc-1 ',
    Licensee: 'L',
    DBA: 'D',
    'Street Address': 'S',
    City: 'C',
    Zip: 'Z',
  };
  const rows: [Record<string, unknown>, string | undefined][] = [
    [full, undefined],
    [{ ...full, DBA: '  ' }, Messages.fieldRequired('DBA')],
    [{ ...full, 'License #': undefined }, Messages.fieldRequired('License Number')],
  ];
  for (const [input, expected] of rows) assert.equal(missingField(input), expected);
  const stored = recordFields({ ...full, _outbox: [1], windows: { sat: '10:00-12:00' } });
  assert.equal(stored['License #'], 'abc-1');
  assert.equal(stored.licenseKey, 'ABC-1');
  assert.equal('_outbox' in stored, false);
  assert.equal((stored.windows as Record<string, string>).mon, '09:00-17:00');
  const shown = toRecord({ _id: new Types.ObjectId(), 'License #': 'X' } as unknown as LicenceRecordDoc);
  assert.equal(shown.active, true);
  assert.equal(shown.windows.sun, '');
});

test('accounts §3 "role (default 4)": a licence sign-up is a standard user; staff promote', () => {
  const record = { 'License #': 'L-9', Licensee: 'Co', DBA: 'D', 'Street Address': 'S', City: 'C', Zip: 'Z' };
  assert.equal(licenceAdmission(record).role, Role.User);
  assert.deepEqual(licenceAdmission(record).company.licenseNumbers, ['L-9']);
});

test('dataUrlBytes: only base64 data URLs with a short header', () => {
  assert.deepEqual(dataUrlBytes('data:image/png;base64,AAEC'), Buffer.from([0, 1, 2]));
  for (const bad of [
    'AAEC',
    'data:image/png,AAEC',
    `data:${'x'.repeat(300)};base64,AAEC`,
    'data:a;base64,<script>',
  ])
    assert.throws(
      () => dataUrlBytes(bad),
      (e: Error) => e.message === Messages.uploadType,
      bad.slice(0, 30),
    );
});
