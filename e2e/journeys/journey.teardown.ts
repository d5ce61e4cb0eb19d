// After the journey, pass or fail (the `journeys` project's teardown): its order, users, licences, route, fleet,
// the journey driver's days on the week's schedule and its mails are removed as staff, so the portal holds only what it held before.
import { Role } from '@portal/contracts';
import { test } from '../fixtures/index.ts';
import { journeyIfAny } from '../fixtures/journey.ts';

test('journey teardown: the day leaves no data behind', async ({ api, mailbox }) => {
  const s = journeyIfAny();
  if (!s) return;
  const staff = await api(Role.Admin);
  const done: string[] = [];
  const step = async (what: string, call: Promise<{ status: number; json: unknown }>) => {
    const r = await call;
    done.push(`${what}: ${r.status}`);
  };
  if (s.order) await step('order', staff.call('/api/orders/delete', { order: { id: s.order.id } }));
  // the week is a real one others plan too: only the journey driver's days are taken off it
  const week = (await staff.call(`/api/driverschedule?date=${s.week}`)).json?.data as
    { lastUpdated?: string; data?: { days?: Record<string, { driver: string }[]> } } | undefined;
  const days = week?.data?.days ?? {};
  if (week?.lastUpdated && Object.values(days).some((d) => d.some((e) => e.driver === s.driver.fleetId)))
    await step(
      'week',
      staff.call('/api/driverschedule/update', {
        schedule: {
          date: s.week,
          lastUpdated: week.lastUpdated,
          data: {
            days: Object.fromEntries(
              Object.entries(days).map(([d, list]) => [d, list.filter((e) => e.driver !== s.driver.fleetId)]),
            ),
          },
        },
      }),
    );
  for (const email of s.users) await step(email, staff.call('/api/users/delete', { user: { email } }));
  if (s.driver.fleetId)
    await step('driver', staff.call('/api/drivers/delete', { driver: { id: s.driver.fleetId } }));
  if (s.vehicle.id)
    await step('vehicle', staff.call('/api/vehicles/delete', { vehicle: { id: s.vehicle.id } }));
  if (s.route.id) await step('route', staff.call('/api/routes/delete', { route: { id: s.route.id } }));
  for (const id of s.licenceIds) await step('licence', staff.call('/api/license/delete', { record: { id } }));
  for (const to of s.mailboxes) await mailbox.clear(to);
  console.log(`journey teardown ${s.tag}: ${done.join(', ')}`);
});
