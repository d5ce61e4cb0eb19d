import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { Route } from '../../src/models/route.js';
import { ROUTE_LIST_SORT, routeListFilter } from '../../src/domain/routes.js';
import { buildApp } from '../../src/app.js';

// The list query exactly as the domain builds it reaches the database through an index (docs/DATA.md §2-3). The
// search adds a name prefix, which FerretDB filters among the rows the `deleted` equality returned.
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { MONGO_DB: 'portal_routing_test' });
  const now = new Date();
  await Route.create({ name: 'Index probe', nameKey: 'index probe', created: now, lastUpdated: now });
});
after(async () => {
  await Route.deleteMany({ name: 'Index probe' });
  await app.close();
});

test('the route list uses an index', async () => {
  await assertUsesIndex(Route, routeListFilter(), ROUTE_LIST_SORT);
});

test('the duplicate-name check uses the unique nameKey index', async () => {
  await assertUsesIndex(Route, { nameKey: 'index probe' });
});
