import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_MENU, USER_MENU, visibleMenu, type RoleNumber } from '@portal/contracts';
import { ownerOf, resolveRoute, roleMayOpen } from '../src/routes.js';

const keys = (role: RoleNumber, hide: string[] = []) => ({
  user: visibleMenu(USER_MENU, role, hide).map((e) => e.key),
  admin: visibleMenu(ADMIN_MENU, role, hide).map((e) => e.key),
});

test('menus by role: staff see the admin menu, settings only for role 0, others none', () => {
  assert.ok(keys(0).admin.includes('settings'));
  assert.ok(!keys(1).admin.includes('settings'));
  assert.ok(keys(1).admin.includes('accounts'));
  for (const r of [2, 3, 4] as RoleNumber[]) assert.deepEqual(keys(r).admin, []);
});

test('user menu: drivers get My Schedule, not outgoing orders or faq; invite only for 0, 1, 3', () => {
  const driver = keys(2).user;
  assert.ok(driver.includes('manageSchedule'));
  for (const k of ['orders', 'createOrder', 'checkout', 'faq', 'invite']) assert.ok(!driver.includes(k), k);
  assert.ok(keys(3).user.includes('invite'));
  assert.ok(!keys(4).user.includes('invite'));
  assert.ok(!keys(4).user.includes('schedule'));
});

test('config hideRoutes removes entries by key', () => {
  assert.ok(!keys(4, ['faq', 'manifestdownload']).user.includes('faq'));
  assert.ok(!keys(4, ['faq', 'manifestdownload']).user.includes('manifestdownload'));
});

test('every menu path has an owner and every owner is known', () => {
  for (const e of [...USER_MENU, ...ADMIN_MENU]) assert.equal(ownerOf(e.path), e.mfe);
  assert.equal(ownerOf('/login'), 'accounts');
  assert.equal(ownerOf('/dashboard/schedulesearch'), 'schedule');
  assert.equal(ownerOf('/dashboard/publicorders'), 'orders');
  assert.equal(ownerOf('/nowhere'), null);
});

test('/ goes to profile signed in, else to login', () => {
  assert.deepEqual(resolveRoute('/', '', { role: 4 }), { redirect: '/dashboard/profile' });
  assert.deepEqual(resolveRoute('/', '', null), { redirect: '/login' });
});

test('/order/{id} redirects by role, and through login when signed out', () => {
  assert.deepEqual(resolveRoute('/order/42', '', { role: 0 }), {
    redirect: '/dashboard/adminManageOrders?id=42',
  });
  assert.deepEqual(resolveRoute('/order/42', '', { role: 1 }), {
    redirect: '/dashboard/adminManageOrders?id=42',
  });
  assert.deepEqual(resolveRoute('/order/42', '', { role: 2 }), {
    redirect: '/dashboard/manageSchedule?id=42',
  });
  assert.deepEqual(resolveRoute('/order/42', '', { role: 3 }), { redirect: '/dashboard/orders?id=42' });
  assert.deepEqual(resolveRoute('/order/42', '', { role: 4 }), { redirect: '/dashboard/orders?id=42' });
  assert.deepEqual(resolveRoute('/order/42', '', null), { redirect: '/login?redirect=%2Forder%2F42' });
});

test('signed out: public routes open, private dashboard routes go to login and back', () => {
  assert.deepEqual(resolveRoute('/dashboard/schedulesearch', '', null), { owner: 'schedule' });
  assert.deepEqual(resolveRoute('/dashboard/publicorders', '?userid=7', null), { owner: 'orders' });
  assert.deepEqual(resolveRoute('/dashboard/faq', '', null), { view: 'faq' });
  assert.deepEqual(resolveRoute('/dashboard/orders', '?id=3', null), {
    redirect: '/login?redirect=%2Fdashboard%2Forders%3Fid%3D3',
  });
});

test('signed in: role checks against the menu table; login redirects to profile; unknown is not found', () => {
  assert.deepEqual(resolveRoute('/dashboard/accounts', '', { role: 1 }), { owner: 'accounts' });
  assert.deepEqual(resolveRoute('/dashboard/accounts', '', { role: 4 }), { view: 'forbidden' });
  assert.ok(roleMayOpen('/dashboard/manageSchedule', 2) && roleMayOpen('/dashboard/manageSchedule', 0));
  assert.ok(!roleMayOpen('/dashboard/manageSchedule', 4));
  assert.deepEqual(resolveRoute('/login', '', { role: 4 }), { redirect: '/dashboard/profile' });
  assert.deepEqual(resolveRoute('/dashboard/nothing', '', { role: 0 }), { view: 'notFound' });
  assert.deepEqual(resolveRoute('/dashboard/changePassword/', '', { role: 4 }), { owner: 'accounts' });
});
