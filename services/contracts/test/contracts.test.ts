import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_ROLES,
  Messages,
  ORDER_STATUS_NAMES,
  OrderStatus,
  ROLE_NAMES,
  Role,
  canAssignRole,
  domainOf,
  isRoleNumber,
  roleFromRealmRoles,
  statusNameFor,
} from '../src/index.js';

test('role numbers and Keycloak role names', () => {
  assert.deepEqual(Role, { SuperAdmin: 0, Admin: 1, Driver: 2, AccountAdmin: 3, User: 4 });
  assert.deepEqual(ROLE_NAMES, { 0: 'superadmin', 1: 'admin', 2: 'driver', 3: 'accountadmin', 4: 'user' });
  assert.equal(roleFromRealmRoles(['user', 'driver', 'offline_access']), 2);
  assert.equal(roleFromRealmRoles(['default-roles-portal']), undefined);
  assert.equal(roleFromRealmRoles(['admin', 'superadmin']), 0);
  assert.ok(isRoleNumber(4) && !isRoleNumber(5) && !isRoleNumber('1') && !isRoleNumber(1.5));
});

test('canAssignRole: only equal or less privileged roles', () => {
  assert.equal(canAssignRole(1, 0), false);
  assert.equal(canAssignRole(1, 1), true);
  assert.equal(canAssignRole(3, 4), true);
  assert.equal(canAssignRole(3, 2), false);
  for (const r of ALL_ROLES) assert.equal(canAssignRole(0, r), true);
});

test('statusNameFor hides Exception from non-admins', () => {
  assert.equal(statusNameFor(OrderStatus.exception, 0), 'Exception');
  assert.equal(statusNameFor(OrderStatus.exception, 1), 'Exception');
  assert.equal(statusNameFor(OrderStatus.exception, 2), 'Order Approved');
  assert.equal(statusNameFor(OrderStatus.exception, 4), 'Order Approved');
  assert.equal(statusNameFor(OrderStatus.delivered, 4), 'Delivered');
  assert.equal(Object.keys(ORDER_STATUS_NAMES).length, 9);
});

test('messages are the spec text, word for word', () => {
  assert.equal(Messages.tokenInvalid, 'Your token is no longer valid. Please login again.');
  assert.equal(Messages.loginFailed, 'That username and password combination is not valid');
  assert.equal(Messages.feedbackRequired, 'Please fill out all required fields before submitting');
  assert.equal(Messages.feedbackSent, 'Message sent successfully. Thank you for your feedback!');
  assert.equal(Messages.licenceRequired, 'License Number is required. ');
  assert.equal(Messages.emailTooLong, 'Email is limited to 60 characters. ');
  assert.equal(
    Messages.suspended,
    'Your account has been suspended. Please contact GPS to reactivate your account.',
  );
  assert.equal(Messages.feedbackFailed('x'), 'Failed to send email: x');
  assert.equal(Messages.accountCreationFailed('boom'), 'Account creation failed: boom!');
});

test('domainOf maps subjects to stream domains', () => {
  assert.equal(domainOf('accounts.user.verified.v1'), 'accounts');
  assert.throws(() => domainOf('nope.x.y'));
});

test('one predicate per capability, as the specs word them', async () => {
  const c = await import('../src/index.js');
  const who = (p: (r: 0 | 1 | 2 | 3 | 4) => boolean) => c.ALL_ROLES.filter((r) => p(r));
  assert.deepEqual(who(c.isStaff), [0, 1]);
  assert.deepEqual(who(c.canEditSettings), [0]);
  assert.deepEqual(who(c.canInvite), [0, 1, 3]);
  assert.deepEqual(who(c.canManageDrivers), [0, 1, 2]);
  assert.deepEqual(who(c.canEditFleet), [0, 1]);
  assert.deepEqual(who(c.canAddLicenceNumbers), [0, 1, 2, 3]);
  assert.deepEqual(who(c.isVendor), [3, 4]);
  assert.equal(c.isSuspended(c.AccountState.Suspended), true);
  assert.equal(c.isApproved(c.AccountState.Verified), true);
});
