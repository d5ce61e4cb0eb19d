// Shared by the orders browser specs: dates relative to today and a delivery route of the test's own.
import { test, expect, type ApiClient } from '@portal/e2e/fixtures';
import { Role } from '@portal/contracts';

export { dayFrom } from '@portal/e2e/fixtures';

/** The zip of the fixtures' licences (testData.licence). */
export const TEST_ZIP = '90001';
const routes: string[] = [];

/**
 * A delivery route of the test's own serving the fixtures' zip every day (the warehouse utility row is not a
 * delivery route for the day rule), removed after the test by the hook below.
 */
export async function testRoute(admin: ApiClient): Promise<void> {
  const r = await admin.call('/api/routes/create', {
    route: {
      name: `E2E orders ${Date.now()}`,
      data: {
        startTime: '08:00',
        rows: [
          { city: 'Testville', zipCode: TEST_ZIP, dayOfTheWeek: 'mon,tue,wed,thur,fri,sat,sun', price: 0 },
        ],
      },
    },
  });
  expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
  routes.push(r.json.data.route.id);
}

test.afterEach(async ({ api }) => {
  if (!routes.length) return;
  const admin = await api(Role.Admin);
  for (const id of routes.splice(0)) await admin.call('/api/routes/delete', { route: { id } });
});
