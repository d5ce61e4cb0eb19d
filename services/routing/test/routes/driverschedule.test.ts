import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Role, Subjects } from '@portal/contracts';
import { DispatchMessages as D, WeeklyMessages as W } from '@portal/contracts/dispatch';
import { startService, tablePolicy, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { DriverScheduleModel } from '../../src/models/driver-schedule.js';
import { ReadDriverModel, ReadVehicleModel } from '../../src/readmodels/fleet.js';
import { WEEKLY_POLICY } from '../policy/weekly.js';
import {
  WEEKLY_ENV,
  caller,
  futureWeek,
  plusWeeks,
  seedFleet,
  watchEvents,
} from './driverschedule-helpers.js';

let app: FastifyInstance;
let fleet: Awaited<ReturnType<typeof seedFleet>>;
let watch: Awaited<ReturnType<typeof watchEvents>>;
before(async () => {
  app = await startService(buildApp, WEEKLY_ENV);
  // this file's own database: the schedules and read models of earlier runs go
  await DriverScheduleModel.deleteMany({});
  await ReadDriverModel.deleteMany({});
  await ReadVehicleModel.deleteMany({});
  fleet = await seedFleet();
  watch = await watchEvents(app);
});
after(async () => {
  watch?.stop();
  await app?.close();
});
const call = caller(() => app);
const entry = (driver: string, route?: string, vehicle?: string, misc = {}) => ({
  driver,
  route,
  vehicle,
  misc,
});

test('the weekly routes and their rules are in the route table; role × endpoint', async () => {
  const table = tablePolicy(app);
  const mine = Object.fromEntries(Object.entries(table).filter(([k]) => k.includes('/api/driverschedule')));
  assert.deepEqual(mine, WEEKLY_POLICY);
  const tokens = new Map(await Promise.all(ALL_ROLES.map(async (r) => [r, await tokenFor(r)] as const)));
  for (const [key, rule] of Object.entries(WEEKLY_POLICY)) {
    const [method, url] = key.split(' ') as ['GET' | 'POST', string];
    const send = (token?: string) =>
      app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(method === 'GET' ? {} : { payload: {} }),
      });
    const anon = (await send()).statusCode;
    assert.equal(rule === 'public' ? anon === 200 : anon === 401, true, `${key} anonymous → ${anon}`);
    for (const role of ALL_ROLES) {
      const status = (await send(tokens.get(role))).statusCode;
      const allowed = rule === 'public' || rule === 'signed-in' || rule.includes(role);
      assert.ok(allowed ? ![401, 403].includes(status) : status === 403, `${key} as ${role} → ${status}`);
    }
  }
});

test('save → read back: any day of the week opens its Monday; warnings for inactive, due and doubled vans', async () => {
  const week = futureWeek();
  const schedule = {
    date: new Date(Date.parse(`${week}T12:00:00Z`) + 2 * 86_400_000).toISOString(), // a Wednesday
    data: {
      days: {
        '1': [entry(fleet.d1.id, fleet.r1, fleet.vOff), entry(fleet.d2.id, fleet.r2, fleet.vOff)],
        '2': [entry(fleet.d1.id, fleet.r1, fleet.vDue, { notes: ' bring dolly ', backHaul: true })],
        '3': [entry(fleet.d2.id, fleet.r2, fleet.vOk, { cancelled: true })],
      },
    },
  };
  const res = await call(Role.Admin, '/api/driverschedule/update', { schedule });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const saved = res.json.data;
  assert.equal(saved.date, week);
  assert.equal(saved.data.days['2'][0].misc.notes, 'bring dolly');
  assert.equal(saved.data.days['2'][0].misc.backHaul, true);
  const ann = fleet.d1.name;
  assert.deepEqual(saved.warnings, [
    W.vehicleInactive('Van Off', `Mon, ${ann}`),
    W.vehicleInactive('Van Off', `Mon, ${fleet.d2.name}`),
    W.vehicleTwice('Van Off', `Mon: ${ann}, ${fleet.d2.name}`),
    W.vehicleDue('Van Due', 'oil', `Tue, ${ann}`),
  ]);
  // everything is pending until the drivers are told
  assert.equal(saved.pending.length, 4);
  assert.deepEqual(saved.notified, []);

  const read = await call(Role.SuperAdmin, `/api/driverschedule?date=${week}`);
  assert.equal(read.status, 200);
  assert.equal(read.json.data.lastUpdated, saved.lastUpdated);
  assert.deepEqual(read.json.data.data.days, saved.data.days);
  assert.equal(read.json.data.canEdit, true);
  assert.equal(
    read.json.data.drivers.find((d: { id: string }) => d.id === fleet.d1.id).email,
    fleet.d1.email,
  );
  assert.ok(read.json.data.routes.some((r: { id: string }) => r.id === fleet.r1));
  assert.equal(read.json.data.vehicles.find((v: { id: string }) => v.id === fleet.vDue).due[0], 'oil');
  const post = await call(Role.Admin, '/api/driverschedule', { date: week });
  assert.deepEqual(post.json.data.data.days, saved.data.days);
});

test('who sees what: drivers read-only with their own rows; companies and the public page names only', async () => {
  const week = futureWeek();
  const schedule = { date: week, data: { days: { '1': [entry(fleet.d2.id, fleet.r1, fleet.vOk)] } } };
  assert.equal((await call(Role.Admin, '/api/driverschedule/update', { schedule })).status, 200);
  const driver = await call(Role.Driver, `/api/driverschedule?date=${week}`);
  assert.equal(driver.status, 200);
  assert.equal(driver.json.data.canEdit, false);
  assert.deepEqual(driver.json.data.mine, [fleet.d2.id]);
  assert.equal(driver.json.data.pending, undefined);
  assert.equal(driver.json.data.data.days['1'][0].driver, fleet.d2.id);
  const write = await call(Role.Driver, '/api/driverschedule/update', { schedule });
  assert.equal(write.status, 403);
  for (const role of [Role.AccountAdmin, Role.User]) {
    const r = await call(role, `/api/driverschedule?date=${week}`);
    assert.equal(r.status, 200);
    assert.ok(
      r.json.data.drivers.every((d: object) => !('email' in d)),
      `role ${role} sees no email`,
    );
    assert.deepEqual(
      r.json.data.drivers.map((d: { id: string }) => d.id),
      [fleet.d2.id],
      `role ${role}: only the week's drivers`,
    );
    assert.equal(r.json.data.pending, undefined);
    assert.equal(r.json.data.canEdit, false);
  }
  const pub = await call(null, `/api/driverschedule/public?date=${week}`);
  assert.equal(pub.status, 200);
  const text = JSON.stringify(pub.json);
  assert.ok(!text.includes('@'), 'no email on the public page');
  assert.ok(!text.includes('LIC-'), 'no licence plate on the public page');
  assert.deepEqual(
    pub.json.data.drivers.map((d: { name: string }) => d.name),
    [fleet.d2.name],
    'only the drivers of that week',
  );
  assert.match(String(pub.headers['cache-control']), /public/);
});

test('bad input: unknown driver (the spec words), vehicle, route, day, date, twice a day; nothing written', async () => {
  const week = futureWeek();
  const bad = async (days: object, date = week) => {
    const r = await call(Role.Admin, '/api/driverschedule/update', { schedule: { date, data: { days } } });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    return r.json.detail;
  };
  assert.equal(await bad({ '1': [entry('')] }), D.selectDriver);
  assert.equal(await bad({ '1': [entry('nobody')] }), D.selectDriver);
  assert.equal(await bad({ '1': [entry(fleet.d1.id, fleet.r1, 'ghost')] }), W.unknownVehicle('ghost'));
  assert.equal(await bad({ '1': [entry(fleet.d1.id, 'ghost')] }), W.unknownRoute('ghost'));
  assert.equal(await bad({ '8': [entry(fleet.d1.id)] }), W.badDay);
  assert.equal(await bad({}, 'next week'), W.badDate);
  assert.equal(await bad({ '1': [entry(fleet.d1.id), entry(fleet.d1.id)] }), W.twice(fleet.d1.name, 'Mon'));
  assert.equal(await bad({ '1': [entry(fleet.d1.id, '', '', { notes: 'x'.repeat(501) })] }), W.notesTooLong);
  assert.equal(await DriverScheduleModel.countDocuments({ week }), 0);
});

test('two editors: the second save with the old version is a 409, the first one kept', async () => {
  const week = futureWeek();
  const first = await call(Role.Admin, '/api/driverschedule/update', {
    schedule: { date: week, data: { days: { '1': [entry(fleet.d1.id, fleet.r1)] } } },
  });
  const v1 = first.json.data.lastUpdated;
  const a = await call(Role.Admin, '/api/driverschedule/update', {
    schedule: { date: week, lastUpdated: v1, data: { days: { '1': [entry(fleet.d1.id, fleet.r2)] } } },
  });
  assert.equal(a.status, 200);
  const b = await call(Role.SuperAdmin, '/api/driverschedule/update', {
    schedule: { date: week, lastUpdated: v1, data: { days: { '1': [entry(fleet.d2.id, fleet.r1)] } } },
  });
  assert.equal(b.status, 409);
  assert.equal(b.json.detail, W.changedMeanwhile);
  // a new week saved by someone else meanwhile (the editor read it empty: no lastUpdated) is a 409 as well
  const c = await call(Role.Admin, '/api/driverschedule/update', {
    schedule: { date: week, data: { days: {} } },
  });
  assert.equal(c.status, 409);
  const read = await call(Role.Admin, `/api/driverschedule?date=${week}`);
  assert.equal(read.json.data.data.days['1'][0].route, fleet.r2);
});

test('change tracking and notify: a change reverted is not pending; notify sends the net changes in the event', async () => {
  const week = futureWeek();
  const save = async (days: object, lastUpdated?: string, notify?: boolean | string[]) => {
    const r = await call(Role.Admin, '/api/driverschedule/update', {
      schedule: { date: week, lastUpdated, data: { days } },
      ...(notify === undefined ? {} : { notify }),
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.data;
  };
  const s1 = await save({
    '1': [entry(fleet.d1.id, fleet.r1, fleet.vOk)],
    '2': [entry(fleet.d2.id, fleet.r2)],
  });
  const s2 = await save(s1.data.days, s1.lastUpdated, [fleet.d1.id]); // tell Ann only
  assert.deepEqual(s2.notified, [fleet.d1.id]);
  assert.deepEqual([...new Set(s2.pending.map((c: { driverId: string }) => c.driverId))], [fleet.d2.id]);
  const told = await waitFor(() => watch.events.find((e) => e.data.week === week && e.data.notify), 10_000);
  assert.equal(told.type, Subjects.driverScheduleChanged);
  assert.deepEqual(
    told.data.changes.map((c) => [c.driverId, c.email, c.day, c.date, c.before, c.after?.routeName]),
    [[fleet.d1.id, fleet.d1.email, 1, week, null, `Weekly North ${fleet.d1.id.split('-').pop()}`]],
  );
  // the whole week's route-days ride along for orders (its fixorders consumer): who drives which route, in what
  const tuesday = new Date(Date.parse(`${week}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // with the route's name too: an order may name its route by name, as the order form saves it
  const suffix = fleet.d1.id.split('-').pop();
  assert.deepEqual(told.data.assignments, [
    {
      day: 1,
      date: week,
      route: fleet.r1,
      routeName: `Weekly North ${suffix}`,
      driver: fleet.d1.id,
      vehicle: fleet.vOk,
    },
    { day: 2, date: tuesday, route: fleet.r2, routeName: `Weekly South ${suffix}`, driver: fleet.d2.id },
  ]);
  // Ann's Monday changes, then changes back: nothing pending for her
  const s3 = await save({ ...s1.data.days, '1': [entry(fleet.d1.id, fleet.r2, fleet.vOk)] }, s2.lastUpdated);
  assert.ok(s3.pending.some((c: { driverId: string }) => c.driverId === fleet.d1.id));
  const s4 = await save(s1.data.days, s3.lastUpdated);
  assert.ok(!s4.pending.some((c: { driverId: string }) => c.driverId === fleet.d1.id));
  // notify everyone: Bob's pending Tuesday goes out, nothing is left
  const s5 = await save(s1.data.days, s4.lastUpdated, true);
  assert.deepEqual(s5.notified, [fleet.d2.id]);
  assert.deepEqual(s5.pending, []);
  const bob = await waitFor(
    () =>
      watch.events.find(
        (e) => e.data.week === week && e.data.notify && e.data.changes[0]?.driverId === fleet.d2.id,
      ),
    10_000,
  );
  assert.equal(bob.data.changes.length, 1);
  assert.equal(bob.data.changes[0]!.day, 2);
  assert.ok(!JSON.stringify(bob).match(/token|password|pin/i));
});

test('copy a week: to an empty week; a week with entries only with force; admins only', async () => {
  const from = futureWeek();
  const to = plusWeeks(from, 1);
  const days = { '4': [entry(fleet.d1.id, fleet.r1, fleet.vOk)] };
  const src = await call(Role.Admin, '/api/driverschedule/update', {
    schedule: { date: from, data: { days } },
  });
  assert.equal(src.status, 200);
  const copy = await call(Role.Admin, '/api/driverschedule/copy', { from, to });
  assert.equal(copy.status, 200, JSON.stringify(copy.json));
  assert.equal(copy.json.data.date, to);
  assert.equal(copy.json.data.data.days['4'][0].route, fleet.r1);
  assert.equal(copy.json.data.pending.length, 1);
  const again = await call(Role.Admin, '/api/driverschedule/copy', { from, to });
  assert.equal(again.status, 409);
  assert.equal(again.json.detail, W.weekNotEmpty(to));
  const forced = await call(Role.SuperAdmin, '/api/driverschedule/copy', { from: to, to: from, force: true });
  assert.equal(forced.status, 200);
  assert.equal((await call(Role.Admin, '/api/driverschedule/copy', { from, to: from })).status, 400);
  assert.equal((await call(Role.Driver, '/api/driverschedule/copy', { from, to, force: true })).status, 403);
  assert.equal((await call(Role.User, '/api/driverschedule/copy', { from, to, force: true })).status, 403);
});
