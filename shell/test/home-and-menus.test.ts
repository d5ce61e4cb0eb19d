// Where each role lands after sign-in, one menu entry per screen, and the header shortcuts: the shapes the orders
// and schedule manifests publish, on fixtures standing for any domains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, STAFF_ROLES, type RoleNumber } from '@portal/contracts';
import { defineMfe, manifestProblems } from '@portal/ui';
import { buildTable, homeFor, menusFor, resolveRoute, shortcutsFor } from '../src/routes.js';

const alpha = defineMfe({
  name: 'alpha',
  pages: [
    { path: '/login', title: 'Sign In', public: true },
    {
      path: '/dashboard/profile',
      title: 'Profile',
      menu: { section: 'user', key: 'profile', label: 'Profile', order: 10 },
    },
    {
      path: '/dashboard/people',
      title: 'People',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'people', label: 'People', order: 10 },
    },
  ],
});
const gamma = defineMfe({
  name: 'gamma',
  pages: [
    {
      path: '/dashboard/manage',
      title: 'Manage Orders',
      allowed: STAFF_ROLES,
      home: STAFF_ROLES,
      menu: { section: 'admin', key: 'manage', label: 'Manage Orders', order: 20 },
    },
    {
      path: '/dashboard/today',
      title: 'My Day',
      allowed: [Role.Driver],
      home: [Role.Driver],
      menu: { section: 'user', key: 'today', label: 'My Day', order: 30 },
    },
    {
      path: '/dashboard/scan',
      title: 'Scan',
      allowed: [Role.Driver],
      menu: { section: 'user', key: 'scan', label: 'Scan', order: 35, shortcut: true },
    },
    {
      path: '/dashboard/fleet',
      title: 'Fleet',
      allowed: [Role.SuperAdmin, Role.Admin, Role.Driver],
      menu: { section: 'user', key: 'fleet', label: 'Fleet', order: 40 },
    },
    {
      path: '/dashboard/fleet',
      title: 'Fleet',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'adminFleet', label: 'Fleet', order: 40 },
    },
  ],
});
const day = buildTable([
  { name: 'alpha', manifest: alpha },
  { name: 'gamma', manifest: gamma },
]);

test("a role lands where its day starts (manifests' home): after sign-in, on / and on /login; else the profile", () => {
  assert.equal(homeFor(day, { role: Role.Admin }), '/dashboard/manage');
  assert.equal(homeFor(day, { role: Role.Driver }), '/dashboard/today');
  assert.equal(homeFor(day, { role: Role.User }), '/dashboard/profile', 'no page names role 4');
  assert.equal(homeFor(day, { role: Role.Admin, verified: false }), '/dashboard/profile', 'under review');
  assert.deepEqual(resolveRoute(day, '/', '', { role: Role.SuperAdmin }), { redirect: '/dashboard/manage' });
  assert.deepEqual(resolveRoute(day, '/login', '', { role: Role.Driver }), { redirect: '/dashboard/today' });
  // a home the role may not open is no home (a manifest naming the wrong role cannot lock anyone out)
  const wrong = buildTable([
    { name: 'alpha', manifest: alpha },
    { name: 'gamma', manifest: { ...gamma, pages: [{ ...gamma.pages[0]!, home: [Role.User] }] } },
  ]);
  assert.equal(homeFor(wrong, { role: Role.User }), '/dashboard/profile');
  assert.deepEqual(manifestProblems({ name: 'x', pages: [{ path: '/a', title: 'A', home: [7] }] }, 'x'), [
    '/a: roles must be role numbers',
  ]);
});

test("one screen, one menu entry: a path in the role's admin menu is not repeated in its user menu", () => {
  const m = (role: RoleNumber) => {
    const r = menusFor(day, role);
    return { user: r.user.map((e) => e.key), admin: r.admin.map((e) => e.key) };
  };
  assert.deepEqual(m(Role.Admin), { user: ['profile', 'faq'], admin: ['people', 'manage', 'adminFleet'] });
  assert.deepEqual(m(Role.Driver), { user: ['profile', 'today', 'scan', 'fleet'], admin: [] });
});

test("shortcuts: a driver's Scan is a header button; nobody else gets it; hideRoutes hides it too", () => {
  assert.deepEqual(
    shortcutsFor(day, Role.Driver).map((s) => [s.key, s.path, s.label]),
    [['scan', '/dashboard/scan', 'Scan']],
  );
  assert.deepEqual(shortcutsFor(day, Role.Admin), []);
  assert.deepEqual(shortcutsFor(day, Role.Driver, ['scan']), []);
  assert.deepEqual(
    manifestProblems(
      {
        name: 'x',
        pages: [
          { path: '/a', title: 'A', menu: { section: 'user', key: 'a', label: 'A', order: 1, shortcut: 1 } },
        ],
      },
      'x',
    ),
    ['/a: menu.shortcut must be a boolean'],
  );
});
