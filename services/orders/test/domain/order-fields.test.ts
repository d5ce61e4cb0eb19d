// Field rights by role (orders §6) and the merge of an update over the stored order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { assertMayChange } from '../../src/domain/order-fields.js';
import { emptyData, mergeData } from '../../src/domain/order-prepare.js';
import type { Caller } from '../../src/domain/order-access.js';

const caller = (role: RoleNumber): Caller => ({
  userId: 'u',
  name: 'n',
  role,
  companyKeys: [],
  suspended: false,
  driverIds: [],
  sameDayPickup: false,
});
const may = (role: RoleNumber, path: string, creating = false) => {
  try {
    assertMayChange(caller(role), [{ path, to: 1 }], creating);
    return true;
  } catch (e) {
    assert.ok(e instanceof Problem && e.status === 403);
    return false;
  }
};

test('who may change which field', () => {
  const table: [RoleNumber, string, boolean, boolean][] = [
    [Role.Admin, 'data.order.status', false, true],
    [Role.SuperAdmin, 'data.order.route', false, true],
    [Role.AccountAdmin, 'data.order.notes', false, true],
    [Role.AccountAdmin, 'data.order.status', false, false],
    [Role.AccountAdmin, 'data.order.route', false, false],
    [Role.AccountAdmin, 'data.order.driver.pickup', false, false],
    [Role.AccountAdmin, 'data.order.pickupDate', false, false],
    [Role.AccountAdmin, 'data.order.billingNotes', false, false],
    [Role.AccountAdmin, 'data.order.checkedin.time', false, false],
    [Role.User, 'data.order.checkedout.time', false, false], // check-out: the custody call's, not the form's
    [Role.User, 'data.order.destinationLN', true, true],
    [Role.User, 'data.order.destinationLN', false, false],
    [Role.User, 'data.billing.invoice', false, true],
    [Role.User, 'data.billing.gpsinvoice', false, false],
    [Role.User, 'data.destCompany.City', false, true],
    [Role.Driver, 'data.order.status', false, true],
    [Role.Driver, 'data.order.signature.driver.name', false, true],
    [Role.Driver, 'data.order.rejectedText', false, true],
    [Role.Driver, 'data.billing.amount', false, true],
    [Role.Driver, 'data.order.notes', false, false],
    [Role.Driver, 'data.order.orderType', false, false],
    [Role.Driver, 'data.order.pickupLN', true, true],
    [Role.User, 'deleted', false, false],
  ];
  for (const [role, path, creating, ok] of table)
    assert.equal(may(role, path, creating), ok, `${role} ${path} ${creating ? 'create' : 'update'}`);
});

test('mergeData: fields one by one, driver and signature slot by slot, companies and billing by key', () => {
  const prev = emptyData();
  prev.order.driver = { pickup: 'd1', delivery: 'd2' };
  prev.order.signature = { pickup: { name: 'P' } };
  prev.billing = { invoice: 'I', amount: 5 };
  const next = mergeData(prev, {
    order: { notes: 'n', driver: { delivery: 'd3' }, signature: { driver: { name: 'D' } } },
    billing: { amount: 7 },
  });
  assert.deepEqual(next.order.driver, { pickup: 'd1', delivery: 'd3' });
  assert.deepEqual(next.order.signature, { pickup: { name: 'P' }, driver: { name: 'D' } });
  assert.deepEqual(next.billing, { invoice: 'I', amount: 7 });
  assert.equal(next.order.notes, 'n');
  assert.equal(next.order.weight, '1', 'default box count');
  assert.equal(prev.order.driver.delivery, 'd2', 'the stored order is not changed');
});
