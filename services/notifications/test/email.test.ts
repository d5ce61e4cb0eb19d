import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { FEEDBACK_SUBJECT, Messages } from '@portal/contracts';
import {
  tokenFor,
  waitFor,
  assertRoleMatrix,
  tablePolicy,
  type Policy,
  type StatePolicy,
  mailbox,
} from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

const POLICY: Policy = {
  'POST /api/email/feedback': 'signed-in',
  'POST /api/email/sendEmail': [0, 1],
  'GET /api/email/failed': [0, 1],
  'POST /api/email/failed/:id/resend': [0, 1],
};

// the account-state columns: a user under review may call none of these routes (only accounts' profile ones)
const STATES: StatePolicy = { allowUnverified: [] };

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const post = async (url: string, role: number | undefined, payload: object) => {
  const headers = role === undefined ? {} : { authorization: `Bearer ${await tokenFor(role as 0)}` };
  const res = await app.inject({ method: 'POST', url, headers, payload });
  return { status: res.statusCode, json: res.json() };
};

test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), POLICY));
test('role × endpoint × state: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, POLICY, STATES));

test('feedback: 202 with the spec message, then a "Portal Feedback" mail to support with the escaped message', async () => {
  const marker = `fb-${Date.now()}`;
  const res = await post('/api/email/feedback', 3, {
    from: 'accountadmin@demo.portal',
    message: `${marker} <b>bold?</b> & more`,
  });
  assert.equal(res.status, 202);
  assert.deepEqual(res.json, { message: 'Message sent successfully. Thank you for your feedback!' });
  const [mail] = await waitFor(
    () =>
      mailbox
        .find(
          (m) => m.subject === FEEDBACK_SUBJECT,
          (m) => m.text.includes(marker),
        )
        .then((l) => (l.length ? l : undefined)),
    20_000,
    300,
  );
  assert.equal(mail!.subject, 'Portal Feedback');
  assert.ok(
    mail!.to.some((t) => t.includes('support@demo.portal')),
    JSON.stringify(mail!.to),
  );
  assert.match(mail!.from, /no-reply@demo\.portal/);
  assert.match(mail!.text, /accountadmin@demo\.portal/);
  assert.match(mail!.html, /&lt;b&gt;bold\?&lt;\/b&gt; &amp; more/);
  assert.doesNotMatch(mail!.html, /<b>bold/);
});

test('feedback with a missing or blank field is a 400 with the spec message, and no mail is sent', async () => {
  const marker = `fb-blank-${Date.now()}`;
  for (const body of [
    { from: 'a@b.c' },
    { message: marker },
    { from: '  ', message: marker },
    { from: 'a@b.c', message: '' },
  ]) {
    const res = await post('/api/email/feedback', 4, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.json.message, Messages.feedbackRequired);
  }
  await new Promise((r) => setTimeout(r, 2000));
  assert.equal(
    (
      await mailbox.find(
        (m) => m.subject === FEEDBACK_SUBJECT,
        (m) => m.text.includes(marker),
      )
    ).length,
    0,
  );
});

test('feedback needs a signed-in user', async () => {
  const res = await post('/api/email/feedback', undefined, { from: 'x@y.z', message: 'hi' });
  assert.equal(res.status, 401);
  assert.equal(res.json.message, Messages.tokenInvalid);
});

test('sendEmail (staff): 202 and the mail arrives with the given subject and html', async () => {
  const subject = `Notice ${Date.now()}`;
  const res = await post('/api/email/sendEmail', 1, {
    email: 'someone@test.portal',
    subject,
    html: '<p>Hello there</p>',
  });
  assert.equal(res.status, 202);
  const [mail] = await waitFor(
    () => mailbox.find((m) => m.subject === subject).then((l) => (l.length ? l : undefined)),
    20_000,
    300,
  );
  assert.ok(mail!.to.some((t) => t.includes('someone@test.portal')));
  assert.match(mail!.html, /Hello there/);
  assert.equal(
    (await post('/api/email/sendEmail', 3, { email: 'x@test.portal', subject, html: 'x' })).status,
    403,
  );
});
