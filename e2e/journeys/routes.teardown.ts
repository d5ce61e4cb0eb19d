// After the journey's evening (12-…), pass or fail: its orders, users, licence records, routes and mails are removed
// as staff, so the portal holds only what it held before. Nothing global was changed (the all-available mode is the
// order's own), so there is no setting to put back.
import { Role } from '@portal/contracts';
import { test } from '../fixtures/index.ts';
import { forgetRoutesDay, routesDayIfAny } from '../fixtures/journey-routes.ts';

test('journey evening teardown: the routes’ orders, users, licences and routes leave no trace', async ({
  api,
  mailbox,
}) => {
  const s = routesDayIfAny();
  if (!s) return;
  const staff = await api(Role.Admin);
  const done: string[] = [];
  const step = async (what: string, path: string, body: unknown) =>
    done.push(`${what}: ${(await staff.call(path, body)).status}`);
  for (const id of s.orders) await step('order', '/api/orders/delete', { order: { id } });
  for (const email of s.users) await step(email, '/api/users/delete', { user: { email } });
  for (const id of s.routeIds) await step('route', '/api/routes/delete', { route: { id } });
  for (const id of s.licenceIds) await step('licence', '/api/license/delete', { record: { id } });
  for (const to of s.users) await mailbox.clear(to);
  forgetRoutesDay();
  console.log(`journey evening teardown ${s.tag}: ${done.join(', ')}`);
});
