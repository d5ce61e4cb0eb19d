import { test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose from 'mongoose';
import { FleetMessages, Role, serviceDue, vinProblem } from '@portal/contracts';
import { crossingKey, newCrossings } from '../../src/domain/service-due.js';
import { maintenanceProblem } from '../../src/domain/maintenance.js';
import { linkEvents, linkFor } from '../../src/domain/driver-links.js';
import { driverProblem } from '../../src/domain/drivers.js';
import { readModelUpdate } from '../../src/events/accounts-users.js';
import { DATA_DEFAULTS } from '../../src/domain/views.js';

const TODAY = new Date('2026-11-23T12:00:00Z');
const vehicle = (mileage: number, data: Partial<typeof DATA_DEFAULTS>) => ({
  mileage,
  data: { ...DATA_DEFAULTS, ...data },
});

test('thresholds: oil at 3,500 miles since the last change, tires and brakes at 35,000 (orders §4, §9)', () => {
  const at = (m: number) =>
    serviceDue(
      vehicle(m, { mileage_loc: 10_000, mileage_tirechange: 10_000, mileage_brakes: 10_000 }),
      TODAY,
    ).map((d) => d.kind);
  assert.deepEqual(at(13_499), []);
  assert.deepEqual(at(13_500), ['oil']);
  assert.deepEqual(at(44_999), ['oil']);
  assert.deepEqual(at(45_000), ['oil', 'tires', 'brakes']);
});

test('registration and insurance: due within 30 days of expiry, and once expired', () => {
  const kinds = (reg_exp: string, insurance: string) =>
    serviceDue(vehicle(0, { reg_exp, insurance }), TODAY).map((d) => [d.kind, d.daysLeft, d.label]);
  assert.deepEqual(kinds('2026-12-24', ''), []); // 31 days
  assert.deepEqual(kinds('2026-12-23', '2026-11-01'), [
    ['registration', 30, 'Registration expires 2026-12-23'],
    ['insurance', -22, 'Insurance expired 2026-11-01'],
  ]);
});

test('a crossing is keyed by its baseline: saving again keeps the key, a new oil change starts a new one', () => {
  const v = vehicle(14_000, {
    mileage_loc: 10_000,
    mileage_tirechange: 14_000,
    mileage_brakes: 14_000,
    reg_exp: '2026-12-01',
  });
  const first = newCrossings(v, [], TODAY);
  assert.deepEqual(
    first.map((c) => c.key),
    ['oil@10000', 'registration@2026-12-01'],
  );
  // announced: nothing new, however far the vehicle drives before the oil change
  assert.deepEqual(
    newCrossings(
      { ...v, mileage: 16_000 },
      first.map((c) => c.key),
      TODAY,
    ),
    [],
  );
  const changed = vehicle(17_600, { ...v.data, mileage_loc: 14_000 });
  assert.deepEqual(
    newCrossings(
      changed,
      first.map((c) => c.key),
      TODAY,
    ).map((c) => c.key),
    ['oil@14000'],
  );
  assert.equal(
    crossingKey({ kind: 'insurance', label: '', expiresOn: '2027-01-01' }, v.data),
    'insurance@2027-01-01',
  );
});

test('maintenance rules: every field but other, not below the current mileage, not in the future', () => {
  const ok = { date: '2026-11-20', mileage: 50_000, type: 'change_oil' as const, cost: 89.5 };
  assert.equal(maintenanceProblem(ok, 50_000, TODAY), undefined);
  assert.equal(
    maintenanceProblem({ ...ok, mileage: 49_999 }, 50_000, TODAY),
    'Mileage cannot be less than current mileage.',
  );
  assert.equal(maintenanceProblem({ ...ok, date: undefined }, 0, TODAY), 'Date is required. ');
  assert.equal(maintenanceProblem({ ...ok, cost: undefined }, 0, TODAY), 'Cost is required. ');
  assert.equal(maintenanceProblem({ ...ok, type: undefined }, 0, TODAY), 'Type is required. ');
  assert.equal(maintenanceProblem({ ...ok, date: '2026-11-24' }, 0, TODAY), 'Date cannot be in the future.');
  assert.equal(FleetMessages.maintenanceUpdated, 'Maintenance has been updated.');
});

test('the VIN rule: 17 characters without I, O, Q and the North American check digit', () => {
  for (const good of ['1M8GDM9AXKP042788', '1HGCM82633A004352', '11111111111111111'])
    assert.equal(vinProblem(good), undefined, good);
  assert.equal(vinProblem('1HGCM82633A00435I'), FleetMessages.vinLength);
  assert.equal(vinProblem('1HGCM82643A004352'), FleetMessages.vinCheckDigit);
});

test('driver links: the live role-2 user with the same email; events say unlinked then linked', () => {
  const users = [
    { userId: 'u-admin', email: 'a@x.test', role: Role.Admin },
    { userId: 'u-drv', email: 'd@x.test', role: Role.Driver },
    { userId: 'u-gone', email: 'g@x.test', role: Role.Driver, deleted: true },
  ];
  assert.equal(linkFor('a@x.test', users), undefined);
  assert.equal(linkFor('d@x.test', users)?.userId, 'u-drv');
  assert.equal(linkFor('g@x.test', users), undefined);
  const _id = new mongoose.Types.ObjectId();
  const driverId = String(_id);
  assert.deepEqual(
    linkEvents({ _id, email: 'd@x.test' }, { userId: 'u-drv', email: 'd@x.test' }, users[1], 'user-deleted'),
    [],
  );
  assert.deepEqual(
    linkEvents(
      { _id, email: 'd@x.test' },
      { userId: 'u-old', email: 'o@x.test' },
      users[1],
      'driver-email-changed',
    ).map((e) => [e.subject, e.data]),
    [
      [
        'fleet.driver.unlinked.v1',
        { driverId, userId: 'u-old', email: 'o@x.test', reason: 'driver-email-changed' },
      ],
      ['fleet.driver.linked.v1', { driverId, userId: 'u-drv', email: 'd@x.test' }],
    ],
  );
  assert.deepEqual(
    readModelUpdate({
      type: 'accounts.user.suspended.v1',
      data: { userId: 'u', email: ' D@X.test', role: 2, verified: 'suspended' },
    }),
    {
      email: 'd@x.test',
      role: 2,
      suspended: true,
      deleted: false,
    },
  );
  assert.equal(driverProblem({}, true), 'Name is required. ');
  assert.equal(
    driverProblem({ name: 'Dee', email: 'not-an-email' }, true),
    'The input is not a valid E-mail. ',
  );
  assert.equal(driverProblem({ email: 'dee@x.test' }, false), undefined);
});
