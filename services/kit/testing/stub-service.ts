import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { assertRoleMatrix, tablePolicy, type Policy } from './role-matrix.js';
import type { StatePolicy } from './state-matrix.js';

type BuildApp = (overrides?: Record<string, unknown>) => Promise<FastifyInstance>;

/**
 * A service's app, built (quiet logs) and ready, for its own tests. Refused when its database is not the test's: a
 * build that dropped the overrides opened the running portal's own (`portal_<service>`, or the browser suites'
 * `_e2e` set), which the test's fixtures would then empty.
 */
export async function startService(
  buildApp: BuildApp,
  overrides: Record<string, unknown> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ LOG_LEVEL: 'warn', ...overrides });
  await app.ready();
  const db = app.hasDecorator('mongo')
    ? (app as unknown as { mongo: { name: string } }).mongo.name
    : undefined;
  const own = (app as unknown as { serviceName?: string }).serviceName;
  const wanted = overrides.MONGO_DB;
  const portals = own ? [`portal_${own}`, `portal_${own}_e2e`] : [];
  if (db !== undefined && ((wanted && db !== wanted) || portals.includes(db))) {
    await app.close();
    throw new Error(
      `a test's app opened ${db}${wanted ? `, not ${String(wanted)}` : ''}: pass the overrides on`,
    );
  }
  return app;
}

/**
 * The tests every service starts with (orders, routing, fleet, billing were four copies): the app is built once
 * for the file, health and readiness answer without a token, the route table equals the policy written in the
 * test, and every role gets past (or is refused by) the guard as that policy says, and (with `states`) a user under
 * review and a suspended user are refused as the kit's auth says. Returns the app's getter for the file's own tests.
 */
export function serviceBasics(
  buildApp: BuildApp,
  policy: Policy,
  overrides: Record<string, unknown> = {},
  states?: StatePolicy,
): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  before(async () => {
    app = await startService(buildApp, overrides);
  });
  after(() => app?.close());
  const get = () => {
    if (!app) throw new Error('the app is built in before()');
    return app;
  };

  test('health and readiness answer without a token', async () => {
    assert.equal((await get().inject({ url: '/healthz' })).statusCode, 200);
    const ready = await get().inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 200, ready.body);
  });
  test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(get()), policy));
  test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', () =>
    assertRoleMatrix(get(), policy, states));
  return get;
}
