import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { call, startApp } from './helpers.js';

/**
 * The intended policy, written down independently of the code: the route table must match it exactly (a new or
 * unguarded route fails here), then every route is called anonymously and as each role 0–4.
 * 'public' = no token needed; an array = the role numbers allowed; 'signed-in' = any role.
 */
const POLICY: Record<string, 'public' | 'signed-in' | number[]> = {
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

test('the route table matches the written policy', () => {
  const table = app.routeTable().filter((r) => r.url.startsWith('/api/'));
  const seen = Object.fromEntries(
    table.map((r) => [`${r.method} ${r.url}`, r.public ? 'public' : (r.roles ? [...r.roles].sort() : 'signed-in')]),
  );
  assert.deepEqual(seen, POLICY);
});

test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', async () => {
  const tokens = Object.fromEntries(await Promise.all(ALL_ROLES.map(async (r) => [r, await tokenFor(r)] as const)));
  for (const route of app.routeTable().filter((r) => r.url.startsWith('/api/'))) {
    const rule = POLICY[`${route.method} ${route.url}`]!;
    const url = route.url.replace(/:(\w+)/g, 'x');
    const body = route.method === 'GET' ? undefined : {}; // empty body: at worst a 400, never a write
    const anon = await call(app, route.method as 'GET' | 'POST', url, undefined, body);
    if (rule === 'public') assert.ok(![401, 403].includes(anon.status), `${route.method} ${url} anonymous → ${anon.status}`);
    else assert.equal(anon.status, 401, `${route.method} ${url} anonymous`);
    for (const role of ALL_ROLES) {
      const res = await call(app, route.method as 'GET' | 'POST', url, tokens[role], body);
      const allowed = rule === 'public' || rule === 'signed-in' || rule.includes(role);
      const label = `${route.method} ${url} as role ${role} → ${res.status}`;
      if (allowed) assert.ok(![401, 403].includes(res.status), label);
      else assert.equal(res.status, 403, label);
    }
  }
});
