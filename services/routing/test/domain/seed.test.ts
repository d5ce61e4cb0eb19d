import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtilityRoute, parseRouteDays } from '@portal/contracts';
import { licenceSeedRecords } from '../../../accounts/scripts/seed-licences.js';
import { SEED_ROUTES, demoRoutes } from '../../scripts/seed.js';
import { checkRoute } from '../../src/domain/validate.js';

// The demo seed without a database: 60 routes that pass the editor's own rules and serve every demo licence's zip.
test('the demo routes: 60, valid, uniquely named, one utility route, every demo licence zip served', () => {
  const routes = demoRoutes(new Date('2026-11-23T12:00:00Z'));
  assert.equal(routes.length, SEED_ROUTES);
  for (const r of routes) assert.ok('route' in checkRoute(r), `${r.name}: ${JSON.stringify(checkRoute(r))}`);
  assert.equal(new Set(routes.map((r) => r.name.toLowerCase())).size, routes.length);
  assert.equal(routes.filter((r) => isUtilityRoute(r.name)).length, 1);
  const served = new Set(routes.flatMap((r) => r.data.rows.map((row) => row.zipCode)));
  for (const lic of licenceSeedRecords()) {
    assert.ok(served.has(String(lic.Zip).slice(0, 5)), `${String(lic['License #'])} ${String(lic.Zip)}`);
  }
  const kinds = routes.flatMap((r) => r.data.rows.map((row) => parseRouteDays(row.dayOfTheWeek).mode));
  assert.ok(kinds.includes('dates') && kinds.includes('weekdays'));
  assert.ok(routes.some((r) => r.data.rows.some((row) => row.biWeekly)));
  assert.ok(routes.some((r) => r.data.rows.some((row) => row.overnight)));
});
