import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { assertRoleMatrix, tablePolicy, type Policy, type StatePolicy } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

/** The intended policy, written independently of the code: a new or unguarded route fails the first test. */
const POLICY: Policy = {
  // auth (engineer A's routes)
  'POST /api/auth/login': 'public',
  'POST /api/auth/signUp': 'public',
  'POST /api/auth/inviteLink': 'public',
  'POST /api/auth/verify': 'public',
  'POST /api/auth/sendValidation': 'public',
  'POST /api/auth/forgotPassword': 'public',
  'POST /api/auth/forgotPasswordSubmit': 'public',
  'POST /api/auth/changepassword': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/changeEmail': 'signed-in',
  'POST /api/auth/updateMyEmail': 'signed-in',
  // users: tenancy (own company) and field rules inside the handlers (users*.test.ts)
  'GET /api/users/me': 'signed-in',
  'GET /api/users': [0, 1, 3, 4],
  'POST /api/users': [0, 1, 3, 4],
  'GET /api/users/:email': 'signed-in', // self or same company, else 404
  'GET /api/users/licensenumber/:lic': 'signed-in',
  'GET /api/users/:email/attached': [0, 1],
  'POST /api/users/update': 'signed-in', // staff-only fields, role ≤ editor's, tenancy inside
  'POST /api/users/create': [0, 1, 3], // 3: own company only
  'POST /api/users/delete': 'signed-in', // staff any (not a more privileged user), others themselves
  // the caller's own second factors (the token's subject only: second-factors.test.ts)
  'GET /api/users/me/second-factors': [0, 1],
  'DELETE /api/users/me/second-factors/keys/:id': [0, 1],
  // invites
  'POST /api/users/invite': [0, 1, 3],
  'POST /api/users/inviteemail': [0, 1, 3],
  'POST /api/users/invites': 'signed-in', // non-inviters see only their own pending invites
  'POST /api/users/invites/update': 'signed-in', // the invitee answers; inviters may only mark notified
  // licence records
  'GET /api/license/licensenumbers': 'public',
  'GET /api/license': [0, 1],
  'POST /api/license/create': [0, 1],
  'POST /api/license/update': [0, 1],
  'POST /api/license/delete': [0, 1],
  // quick, utils
  'GET /api/quick/comparecustomers': [0, 1],
  'POST /api/utils/uploadfile': 'signed-in',
  'GET /api/utils/file/:bucket/:key': 'public',
  'GET /api/utils/config': 'public',
  'GET /api/utils/config/all': [0], // internal keys (signupEmails) for Settings
  'POST /api/utils/config': [0],
};

/** What a user under review may call (the profile, its uploads, sign out, own email and password); all else 403. */
const STATES: StatePolicy = {
  allowUnverified: [
    'GET /api/users/me',
    'POST /api/users/update', // own profile only (users-roles.test.ts)
    'POST /api/utils/uploadfile',
    'POST /api/auth/logout',
    'POST /api/auth/changepassword',
    'POST /api/auth/changeEmail',
    'POST /api/auth/updateMyEmail',
    'GET /api/users/me/second-factors', // the sign-in's own security, like change password
    'DELETE /api/users/me/second-factors/keys/:id',
  ],
};

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), POLICY));
test('role × endpoint × state: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, POLICY, STATES));
