// Role × endpoint check derived from a service's own route table, shared by every service's tests.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES } from '@portal/contracts';
import { tokenFor } from './tokens.js';
import { assertStateMatrix, type StatePolicy } from './state-matrix.js';

/** 'public' = no token needed; 'signed-in' = any role; an array = the role numbers allowed. */
export type Policy = Record<string, 'public' | 'signed-in' | number[]>;

/** The app's route table (under /api) as a policy, to compare with the one written down in the test. */
export function tablePolicy(app: FastifyInstance): Policy {
  return Object.fromEntries(
    app
      .routeTable()
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => [
        `${r.method} ${r.url}`,
        r.public ? 'public' : r.roles ? [...r.roles].sort() : 'signed-in',
      ]),
  );
}

/**
 * Calls every /api route anonymously and as each demo role 0–4 (all verified) with an empty body (at worst a 400,
 * never a write): allowed callers must get past the guard (not 401/403), the others 401 (anonymous) or 403. Then
 * the account-state columns (state-matrix.ts): a user under review and a suspended user on every route. Each
 * service passes `states` where its test covers its whole route table; a test of a few routes may leave it out.
 */
export async function assertRoleMatrix(
  app: FastifyInstance,
  policy: Policy,
  states?: StatePolicy,
): Promise<void> {
  const tokens = new Map(await Promise.all(ALL_ROLES.map(async (r) => [r, await tokenFor(r)] as const)));
  for (const route of app.routeTable().filter((r) => r.url.startsWith('/api/'))) {
    const rule = policy[`${route.method} ${route.url}`];
    assert.ok(rule, `no policy written for ${route.method} ${route.url}`);
    const url = route.url.replace(/:(\w+)/g, 'x');
    const send = (token?: string) =>
      app.inject({
        method: route.method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
    const anon = (await send()).statusCode;
    if (rule === 'public')
      assert.ok(![401, 403].includes(anon), `${route.method} ${url} anonymous → ${anon}`);
    else assert.equal(anon, 401, `${route.method} ${url} anonymous`);
    for (const role of ALL_ROLES) {
      const status = (await send(tokens.get(role))).statusCode;
      const allowed = rule === 'public' || rule === 'signed-in' || rule.includes(role);
      const label = `${route.method} ${url} as role ${role} → ${status}`;
      if (allowed) assert.ok(![401, 403].includes(status), label);
      else assert.equal(status, 403, label);
    }
  }
  if (states) await assertStateMatrix(app, states);
}
