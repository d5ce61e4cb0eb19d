// Account state × endpoint: every /api route called as a user staff have not verified yet and as a suspended user
// (real Keycloak users, their state in the kit's user-state store as accounts writes it).
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Messages } from '@portal/contracts';
import { userStateStore } from '../src/plugins/app/user-state.js';
import { throwawayUser } from './keycloak-users.js';

/** The account-state columns of a service's policy: the routes (`METHOD /api/...`) a user under review may call. */
export interface StatePolicy {
  allowUnverified: string[];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ROUTE = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * For every non-public /api route (empty body, as the role matrix): a user under review gets 403 with the
 * under-review message unless the route is written down in `allowUnverified` (then it passes that guard); a
 * suspended user's writes get 403 with the suspension message unless the route allows suspended users, and its
 * reads pass that guard. Also checks that the route table's `allowUnverified` routes are exactly the written ones.
 */
export async function assertStateMatrix(app: FastifyInstance, states: StatePolicy): Promise<void> {
  const routes = app.routeTable().filter((r) => r.url.startsWith('/api/'));
  const opted = routes.filter((r) => r.allowUnverified).map(ROUTE);
  assert.deepEqual(opted.sort(), [...states.allowUnverified].sort(), 'routes open to users under review');

  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6390', { maxRetriesPerRequest: 2 });
  const store = userStateStore(redis, () => undefined);
  const pending = await throwawayUser('matrix-unverified');
  const suspended = await throwawayUser('matrix-suspended');
  try {
    await store.setVerified(pending.sub, false);
    await store.setSuspended(suspended.sub, true);
    const tokens = { pending: await pending.token(), suspended: await suspended.token() };
    for (const route of routes) {
      if (route.public) continue;
      const url = route.url.replace(/:(\w+)/g, 'x');
      const send = (token: string) =>
        app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const u = await send(tokens.pending);
      const uMessage = u.statusCode === 403 ? (u.json() as { message?: string }).message : undefined;
      const uLabel = `${route.method} ${url} under review → ${u.statusCode} ${uMessage ?? ''}`;
      assert.notEqual(u.statusCode, 401, uLabel);
      if (route.allowUnverified) assert.notEqual(uMessage, Messages.underReview, uLabel);
      else assert.deepEqual([u.statusCode, uMessage], [403, Messages.underReview], uLabel);

      const s = await send(tokens.suspended);
      const sMessage = s.statusCode === 403 ? (s.json() as { message?: string }).message : undefined;
      const sLabel = `${route.method} ${url} suspended → ${s.statusCode} ${sMessage ?? ''}`;
      assert.notEqual(s.statusCode, 401, sLabel);
      assert.notEqual(sMessage, Messages.underReview, sLabel);
      if (READS.has(route.method) || route.allowSuspended)
        assert.notEqual(sMessage, Messages.suspended, sLabel);
      else assert.deepEqual([s.statusCode, sMessage], [403, Messages.suspended], sLabel);
    }
  } finally {
    await store.setSuspended(suspended.sub, false).catch(() => undefined);
    redis.disconnect();
    await Promise.all([pending.remove(), suspended.remove()]);
  }
}
