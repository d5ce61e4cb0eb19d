import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages, Subjects, type InviteData, type UserRefData } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { Invite } from '../src/models/invite.js';
import { User } from '../src/models/user.js';
import { call, listen, startApp, uniqueEmail } from './helpers.js';
import { kcUser } from './users-fixtures.js';

const OWN = 'C11-0000101-LIC';
let app: FastifyInstance;
let acct: string;
let admin: string;
let std: string;
const emails: string[] = [];
before(async () => {
  app = await startApp();
  await seed();
  [acct, admin, std] = await Promise.all([tokenFor(3), tokenFor(1), tokenFor(4)]);
});
after(async () => {
  await Invite.deleteMany({ email: { $in: emails } });
  await app.close();
});

test('invite: trimmed and lower-cased, event with the sign-up link, duplicate refused', async () => {
  const email = uniqueEmail('invitee');
  emails.push(email);
  const created = await listen(app, Subjects.inviteCreated);
  try {
    const res = await call(app, 'POST', '/api/users/invite', acct, {
      user: { email: `  ${email.toUpperCase()} ` },
    });
    assert.equal(res.status, 201, JSON.stringify(res.json));
    assert.equal(res.json.message, Messages.invited);
    assert.equal(res.json.invite.email, email);
    assert.equal(res.json.invite.invited, 'accountadmin@demo.portal');
    assert.deepEqual(res.json.invite.data, { accepted: false, notified: false });
    const ev = await waitFor(() => created.events.find((e) => (e.data as InviteData).email === email));
    const data = ev.data as InviteData;
    // the link carries no secret; the sign-up token travels sealed, notifications appends it in the mail
    assert.equal(data.link, `${app.env.APP_URL}/signMeUp?email=${encodeURIComponent(email)}`);
    assert.match(data.sealedToken ?? '', /^\S{40,}$/);
    assert.ok(data.licenseNumbers.includes(OWN));
    const dup = await call(app, 'POST', '/api/users/invite', acct, { user: { email } });
    assert.equal(dup.status, 400);
    assert.equal(dup.json.message, Messages.alreadyInvited);
    assert.equal(await Invite.countDocuments({ email }), 1);
  } finally {
    created.stop();
  }
});

test('invite: invalid email → the spec message, nothing written; role 4 cannot invite', async () => {
  for (const bad of ['not-an-email', '', 'a@b']) {
    const res = await call(app, 'POST', '/api/users/invite', acct, { user: { email: bad } });
    assert.equal(res.status, 400, bad);
    assert.equal(res.json.message, Messages.inviteEmailInvalid);
  }
  assert.equal(await Invite.countDocuments({ email: { $in: ['not-an-email', '', 'a@b'] } }), 0);
  assert.equal(
    (await call(app, 'POST', '/api/users/invite', std, { user: { email: uniqueEmail('x') } })).status,
    403,
  );
});

test("resend and list: the inviter's company only", async () => {
  const email = uniqueEmail('resend');
  emails.push(email);
  const inv = (await call(app, 'POST', '/api/users/invite', acct, { user: { email } })).json.invite;
  const resent = await listen(app, Subjects.inviteResent);
  try {
    const res = await call(app, 'POST', '/api/users/inviteemail', acct, { invite: { id: inv.id } });
    assert.equal(res.status, 200);
    assert.equal(res.json.message, Messages.inviteResent);
    await waitFor(() => resent.events.find((e) => (e.data as InviteData).inviteId === inv.id));
  } finally {
    resent.stop();
  }
  const list = await call(app, 'POST', '/api/users/invites', acct, { where: {} });
  assert.equal(list.status, 200);
  assert.ok(list.json.data.invites.some((i: { id: string }) => i.id === inv.id));
  // another company's user sees none of them (only their own pending invites)
  const other = await call(app, 'POST', '/api/users/invites', std, { where: {} });
  assert.ok(!other.json.data.invites.some((i: { id: string }) => i.id === inv.id));
  const staff = await call(app, 'POST', '/api/users/inviteemail', admin, { invite: { id: inv.id } });
  assert.equal(staff.status, 200);
});

test('the invitee sees the invite, accepts it: licence numbers merged, notified + accepted', async () => {
  const invitee = await kcUser(app, 'accept', {
    profile: { company: { 'License #': 'C10-0000202-LIC', licenseNumbers: ['C10-0000202-LIC'] } },
  });
  emails.push(invitee.email);
  try {
    const inv = (await call(app, 'POST', '/api/users/invite', acct, { user: { email: invitee.email } })).json
      .invite;
    const token = await invitee.token();
    const mine = await call(app, 'POST', '/api/users/invites', token, { where: { mine: true } });
    assert.equal(mine.status, 200);
    assert.deepEqual(
      mine.json.data.invites.map((i: { id: string }) => i.id),
      [inv.id],
    );
    // the inviter may not accept on the invitee's behalf
    const notTheirs = await call(app, 'POST', '/api/users/invites/update', acct, {
      invites: [{ id: inv.id, data: { accepted: true } }],
    });
    assert.equal(notTheirs.status, 403);
    const updated = await listen(app, Subjects.userUpdated);
    const res = await call(app, 'POST', '/api/users/invites/update', token, {
      invites: [{ id: inv.id, data: { accepted: true } }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    // others' read models (orders' members) learn the new company from the event, keys included
    const ev = await waitFor(
      () =>
        updated.events.find(
          (e) =>
            (e.data as UserRefData).email === invitee.email &&
            (e.data as UserRefData).companyKeys?.includes(OWN),
        ),
      30_000,
    ).finally(() => updated.stop());
    assert.deepEqual(
      [...((ev.data as UserRefData).companyKeys ?? [])].sort(),
      ['C10-0000202-LIC', OWN].sort(),
    );
    assert.deepEqual(res.json.invites[0].data, { accepted: true, notified: true });
    const user = await User.findOne({ email: invitee.email }).lean();
    assert.deepEqual([...(user?.company?.licenseNumbers ?? [])].sort(), ['C10-0000202-LIC', OWN].sort());
    assert.equal(user?.company?.['License #'], 'C10-0000202-LIC');
    const after = await call(app, 'POST', '/api/users/invites', token, { where: { mine: true } });
    assert.equal(after.json.data.invites.length, 0);
    // once notified, the same company may invite the address again
    const again = await call(app, 'POST', '/api/users/invite', acct, { user: { email: invitee.email } });
    assert.equal(again.status, 201);
  } finally {
    await invitee.cleanup();
  }
});
