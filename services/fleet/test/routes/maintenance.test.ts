import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { FleetMessages, Role, Subjects } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { Vehicle } from '../../src/models/vehicle.js';
import { Maintenance } from '../../src/models/maintenance.js';
import { PortalUser } from '../../src/models/portal-user.js';
import { sweepServiceDue } from '../../src/jobs/service-due-sweep.js';
import { buildApp } from '../../src/app.js';
import { call, publishedSince, TEST_ENV } from '../helpers.js';

let app: FastifyInstance;
const since = new Date();
let vanId = '';
const ADMINS = ['fleet-admin-a@test.portal', 'fleet-admin-b@test.portal'];
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Promise.all([Vehicle.deleteMany({}), Maintenance.deleteMany({}), PortalUser.deleteMany({})]);
  await PortalUser.insertMany([
    { userId: 'a', email: ADMINS[0], role: Role.SuperAdmin },
    { userId: 'b', email: ADMINS[1], role: Role.Admin },
    { userId: 'c', email: 'suspended-admin@test.portal', role: Role.Admin, suspended: true },
    { userId: 'd', email: 'driver@test.portal', role: Role.Driver },
  ]);
  const res = await call(app, Role.Admin, 'POST', '/api/vehicles/create', {
    vehicle: {
      name: 'Oil Van',
      lic: 'OIL-1',
      year: 2020,
      mileage: 10_000,
      data: {
        mileage_loc: 10_000,
        mileage_tirechange: 10_000,
        mileage_brakes: 10_000,
        reg_exp: '2031-05-01',
      },
    },
  });
  vanId = res.json().data.vehicle.id;
});
after(async () => {
  await app.close();
});
// this van's alerts only: a previous test file's app may leave outbox events this app's relay publishes at start
const mine = async () =>
  (await publishedSince(app, 'FLEET', Subjects.vehicleServiceDue, since)).filter(
    (e) => e.data.vehicleId === vanId,
  );
/** This van's alerts once there are `n` of them. */
const alertsOnce = (n: number) =>
  waitFor(
    async () => {
      const list = await mine();
      return list.length >= n ? list : undefined;
    },
    20_000,
    250,
  );
const log = (body: object) =>
  call(app, Role.Admin, 'POST', `/api/vehicles/${vanId}/maintenance`, { maintenance: body });
const entry = { date: '2026-11-20', type: 'change_tires', cost: 640 };

test('maintenance past the oil interval: "Maintenance has been updated.", the badge, one alert event to the staff', async () => {
  const res = await log({ ...entry, mileage: 13_600 });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, 'Maintenance has been updated.');
  const { vehicle, maintenance } = res.json().data;
  assert.equal(vehicle.mileage, 13_600);
  assert.equal(vehicle.data.mileage_tirechange, 13_600); // the tire baseline moved with the entry
  assert.deepEqual(
    vehicle.due.map((d: any) => d.kind),
    ['oil'],
  );
  assert.equal(maintenance.createdBy, 'admin@demo.portal');
  const [event] = await alertsOnce(1);
  assert.deepEqual(event!.data, {
    vehicleId: vanId,
    name: 'Oil Van',
    lic: 'OIL-1',
    kind: 'oil',
    label: 'Oil change due (3,600 mi since last)',
    mileage: 13_600,
    milesSince: 3600,
    key: 'oil@10000',
    recipients: ADMINS,
  });
});

test('the same crossing is announced once: more entries, saves and the sweep publish nothing new', async () => {
  assert.equal(
    (await log({ ...entry, type: 'change_other', other: 'wipers', mileage: 14_000 })).statusCode,
    200,
  );
  await call(app, Role.Admin, 'POST', '/api/vehicles/update', { vehicle: { id: vanId, notes: 'still due' } });
  assert.equal(await sweepServiceDue(), 0);
  await new Promise((r) => setTimeout(r, 1500)); // time for a wrong second event to arrive
  assert.equal((await mine()).length, 1);
  // an oil change is a new baseline: the next crossing (3,500 miles later) is a new alert
  const oil = await log({ ...entry, type: 'change_oil', mileage: 14_100 });
  assert.deepEqual(oil.json().data.vehicle.due, []);
  await log({ ...entry, mileage: 17_700 });
  assert.deepEqual(
    (await alertsOnce(2)).map((e) => e.data.key),
    ['oil@10000', 'oil@14100'],
  );
});

test('the hourly sweep announces an expiry that entered its 30-day window with no save', async () => {
  const inTwentyDays = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await Vehicle.updateOne({ _id: vanId }, { $set: { 'data.insurance': inTwentyDays } });
  assert.equal(await sweepServiceDue(), 1);
  assert.equal(await sweepServiceDue(), 0);
  const third = (await alertsOnce(3))[2]!;
  assert.equal(third.data.key, `insurance@${inTwentyDays}`);
  assert.equal(third.data.daysLeft, 20);
});

test('bad maintenance: lowered mileage, missing fields, unknown vehicle → 4xx with the message, nothing written', async () => {
  const count = await Maintenance.countDocuments();
  const { mileage } = (await Vehicle.findById(vanId).lean())!;
  const refuse = async (res: Awaited<ReturnType<typeof log>>, status: number, message: string) => {
    assert.equal(res.statusCode, status, res.body);
    assert.equal(res.json().message, message);
  };
  await refuse(await log({ ...entry, mileage: mileage - 1 }), 400, FleetMessages.mileageBelowCurrent);
  await refuse(await log({ type: 'change_oil', mileage, cost: 1 }), 400, 'Date is required. ');
  await refuse(
    await log({ ...entry, mileage, cost: -5 }),
    400,
    'Cost must be an amount in dollars (0 or more).',
  );
  await refuse(
    await log({ ...entry, mileage, type: 'wash' }),
    400,
    'Type must be change_oil, change_tires, change_brakes or change_other',
  );
  const ghost = await call(app, Role.Admin, 'POST', '/api/vehicles/0123456789abcdef01234567/maintenance', {
    maintenance: { ...entry, mileage },
  });
  await refuse(ghost, 404, 'unable to find vehicle');
  const driver = await call(app, Role.Driver, 'POST', `/api/vehicles/${vanId}/maintenance`, {
    maintenance: { ...entry, mileage },
  });
  assert.equal(driver.statusCode, 403);
  assert.equal(await Maintenance.countDocuments(), count);
  assert.equal((await Vehicle.findById(vanId).lean())!.mileage, mileage);
});

test('the history, newest first', async () => {
  const res = await call(app, Role.Admin, 'GET', `/api/vehicles/${vanId}/maintenance`);
  assert.equal(res.statusCode, 200);
  const { maintenance, vehicle } = res.json().data;
  assert.equal(vehicle.id, vanId);
  assert.deepEqual(
    maintenance.map((m: any) => m.mileage),
    [17_700, 14_100, 14_000, 13_600],
  );
  assert.equal(maintenance[2].other, 'wipers');
});

test('xlsx export: typed columns — numbers as numbers, days as dates, flags as booleans', async () => {
  await call(app, Role.Admin, 'POST', '/api/vehicles/update', {
    vehicle: { id: vanId, data: { chains: true } },
  });
  const res = await call(app, Role.Admin, 'GET', '/api/vehicles/export.xlsx');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /spreadsheetml/);
  assert.match(
    String(res.headers['content-disposition']),
    /attachment; filename="fleet-\d{4}-\d{2}-\d{2}\.xlsx"/,
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const sheet = wb.getWorksheet('Fleet')!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const row = sheet.getRow(2);
  const cell = (h: string) => row.getCell(headers.indexOf(h) + 1);
  assert.equal(cell('Name').value, 'Oil Van');
  assert.equal(cell('Mileage').value, 17_700);
  assert.equal(cell('Mileage').type, ExcelJS.ValueType.Number);
  assert.equal(cell('Year').value, 2020);
  assert.ok(cell('Registration Expiry').value instanceof Date);
  assert.equal((cell('Registration Expiry').value as Date).toISOString().slice(0, 10), '2031-05-01');
  assert.equal(cell('Registration Expiry').numFmt, 'yyyy-mm-dd');
  assert.equal(cell('Chains').value, true);
  assert.equal(cell('Spare').value, false);
  assert.match(String(cell('Service Due').value), /Oil change due/);
  assert.equal((await call(app, Role.Driver, 'GET', '/api/vehicles/export.xlsx')).statusCode, 403);
});
