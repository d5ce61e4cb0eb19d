import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Messages, Role, STAFF_ROLES, type RoleNumber } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { DriverScheduleModel } from '../../src/models/driver-schedule.js';
import {
  WEEKLY_ENV,
  caller,
  futureWeek,
  plusWeeks,
  seedFleet,
  watchEvents,
} from './driverschedule-helpers.js';

// Orders §2 "Weekly driver schedule": "Editable when logged in and not a driver; drivers see it read-only", read
// with §1 and §6 (staff manage drivers, vehicles, routes and the weekly schedule). The week names only the
// courier's drivers, vehicles and routes: no part of it is in a company's tenancy, so companies (3, 4) read it
// (names only) and every write of theirs is refused server-side, whichever company they belong to.
let app: FastifyInstance;
let fleet: Awaited<ReturnType<typeof seedFleet>>;
let watch: Awaited<ReturnType<typeof watchEvents>>;
before(async () => {
  app = await startService(buildApp, WEEKLY_ENV);
  fleet = await seedFleet();
  watch = await watchEvents(app);
});
after(async () => {
  watch?.stop();
  await app?.close();
});
const call = caller(() => app);
// The demo company users are of two companies: accountadmin (3) of Green Valley, user (4) of Harbor Light.
const who = (r: RoleNumber) => `role ${r}`;

test('orders §2 weekly schedule: staff write it; drivers and every company read it and are refused a write', async () => {
  const week = futureWeek();
  const days = { '2': [{ driver: fleet.d1.id, route: fleet.r1, vehicle: fleet.vOk }] };
  const saved = await call(Role.Admin, '/api/driverschedule/update', {
    schedule: { date: week, data: { days } },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const stamp = saved.json.data.lastUpdated;

  for (const role of ALL_ROLES) {
    const read = await call(role, `/api/driverschedule?date=${week}`);
    assert.equal(read.status, 200);
    const staff = STAFF_ROLES.includes(role as never);
    assert.equal(read.json.data.canEdit, staff, `${who(role)} canEdit`);
    assert.equal('pending' in read.json.data, staff, `${who(role)} pending`);
  }

  const before = watch.events.length;
  const changed = { '2': [{ driver: fleet.d1.id, route: fleet.r2, vehicle: fleet.vOk }] };
  const update = { schedule: { date: week, lastUpdated: stamp, data: { days: changed } } };
  const copy = { from: week, to: plusWeeks(week, 1), force: true };
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User] as const) {
    // a driver, then each company in turn
    for (const [url, body] of [
      ['/api/driverschedule/update', update],
      ['/api/driverschedule/copy', copy],
    ] as const) {
      const res = await call(role, url, body);
      assert.deepEqual(
        [res.status, res.json.detail ?? res.json.message],
        [403, Messages.forbidden],
        `${url} as ${role}`,
      );
    }
  }
  // nothing written, no event, the target week of the copy not created
  const doc = await DriverScheduleModel.findOne({ week }).lean();
  assert.equal((doc?.days as Record<string, { route: string }[]>)['2']![0]!.route, fleet.r1);
  assert.equal(await DriverScheduleModel.countDocuments({ week: plusWeeks(week, 1) }), 0);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(watch.events.length, before);

  // staff's own write goes through
  const ok = await call(Role.SuperAdmin, '/api/driverschedule/update', update);
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.data.data.days['2'][0].route, fleet.r2);
});
