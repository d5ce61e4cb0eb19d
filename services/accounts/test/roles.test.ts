import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { assertRoleMatrix, tablePolicy, type Policy } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

/** The intended policy, written independently of the code: a new or unguarded route fails the first test. */
const POLICY: Policy = {
  'POST /api/auth/login': 'public',
  'GET /api/users/me': 'signed-in',
  'GET /api/users': [0, 1],
  'POST /api/users': [0, 1],
  'POST /api/users/update': 'signed-in', // verified/company are staff-only inside the handler (users.test.ts)
  'GET /api/utils/config': 'public',
  'POST /api/utils/config': [0],
};

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), POLICY));
test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, POLICY));
