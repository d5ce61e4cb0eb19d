// The shell's route table is built only from what remotes publish: these fixtures stand for any two domains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, STAFF_ROLES, type RoleNumber } from '@portal/contracts';
import { defineMfe, manifestProblems } from '@portal/ui';
import {
  allMenuEntries,
  buildTable,
  menusFor,
  ownerOf,
  resolveRoute,
  roleMayOpen,
  titleOf,
} from '../src/routes.js';

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
    { path: '/dashboard/editPerson', title: 'Edit Person', allowed: STAFF_ROLES },
  ],
});
const beta = defineMfe({
  name: 'beta',
  pages: [
    {
      path: '/dashboard/board',
      title: 'Board',
      public: true,
      menu: { section: 'user', key: 'board', label: 'Board', order: 5 },
    },
    {
      path: '/dashboard/week',
      title: 'My Week',
      allowed: [Role.Driver],
      menu: { section: 'user', key: 'myWeek', label: 'My Week', order: 20 },
    },
    {
      path: '/dashboard/week',
      title: 'Manage Week',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'week', label: 'Manage Week', order: 5 },
    },
    {
      path: '/dashboard/profile',
      title: 'Not yours',
      menu: { section: 'user', key: 'steal', label: 'Steal', order: 1 },
    },
  ],
});
const table = buildTable([
  { name: 'alpha', manifest: alpha },
  { name: 'beta', manifest: beta },
]);
const keys = (role: RoleNumber, hide: string[] = []) => {
  const m = menusFor(table, role, hide);
  return { user: m.user.map((e) => e.key), admin: m.admin.map((e) => e.key) };
};

test('menus come from the manifests, sorted by order across remotes, filtered by role and hideRoutes', () => {
  assert.deepEqual(keys(Role.SuperAdmin), { user: ['board', 'profile', 'faq'], admin: ['week', 'people'] });
  assert.deepEqual(keys(Role.Driver), { user: ['board', 'profile', 'myWeek'], admin: [] });
  assert.deepEqual(keys(Role.User, ['faq', 'board']), { user: ['profile'], admin: [] });
});

test('a path has one owner: a second remote cannot take another domain’s page', () => {
  assert.equal(ownerOf(table, '/dashboard/profile'), 'alpha');
  assert.equal(titleOf(table, '/dashboard/profile'), 'Profile');
  assert.equal(ownerOf(table, '/dashboard/week/'), 'beta');
  assert.equal(ownerOf(table, '/dashboard/faq'), 'shell');
  assert.equal(ownerOf(table, '/nowhere'), null);
});

test('a path listed twice opens for the roles of either entry', () => {
  assert.ok(
    roleMayOpen(table, '/dashboard/week', Role.Driver) && roleMayOpen(table, '/dashboard/week', Role.Admin),
  );
  assert.ok(!roleMayOpen(table, '/dashboard/week', Role.User));
  assert.deepEqual(resolveRoute(table, '/dashboard/week', '', { role: Role.User }), { view: 'forbidden' });
  assert.deepEqual(resolveRoute(table, '/dashboard/editPerson', '', { role: Role.Admin }), {
    owner: 'alpha',
  });
});

test('/ goes to the home (profile when no manifest names the role) signed in, else to login', () => {
  assert.deepEqual(resolveRoute(table, '/', '', { role: 4 }), { redirect: '/dashboard/profile' });
  assert.deepEqual(resolveRoute(table, '/', '', null), { redirect: '/login' });
  assert.deepEqual(resolveRoute(table, '/login', '', { role: 4 }), { redirect: '/dashboard/profile' });
});

test('/order/{id} redirects by role, and through login when signed out', () => {
  const to = (role: RoleNumber) => resolveRoute(table, '/order/42', '', { role });
  assert.deepEqual(to(0), { redirect: '/dashboard/adminManageOrders?id=42' });
  assert.deepEqual(to(1), { redirect: '/dashboard/adminManageOrders?id=42' });
  assert.deepEqual(to(2), { redirect: '/dashboard/manageSchedule?id=42' });
  assert.deepEqual(to(3), { redirect: '/dashboard/orders?id=42' });
  assert.deepEqual(to(4), { redirect: '/dashboard/orders?id=42' });
  assert.deepEqual(resolveRoute(table, '/order/42', '', null), { redirect: '/login?redirect=%2Forder%2F42' });
});

test('signed out: public pages open, private ones go to login and back', () => {
  assert.deepEqual(resolveRoute(table, '/dashboard/board', '', null), { owner: 'beta' });
  assert.deepEqual(resolveRoute(table, '/dashboard/faq', '', null), { view: 'faq' });
  assert.deepEqual(resolveRoute(table, '/dashboard/people', '?id=3', null), {
    redirect: '/login?redirect=%2Fdashboard%2Fpeople%3Fid%3D3',
  });
});

test('unknown paths: not found, or unavailable while a remote is down; the down remote loses its menu', () => {
  assert.deepEqual(resolveRoute(table, '/dashboard/nothing', '', { role: 0 }), { view: 'notFound' });
  const partial = buildTable([
    { name: 'alpha', manifest: alpha },
    { name: 'beta', manifest: null },
  ]);
  assert.deepEqual(partial.down, ['beta']);
  assert.deepEqual(resolveRoute(partial, '/dashboard/week', '', { role: 0 }), { view: 'unavailable' });
  assert.deepEqual(resolveRoute(partial, '/dashboard/people', '', { role: 0 }), { owner: 'alpha' });
  assert.deepEqual(
    menusFor(partial, Role.SuperAdmin).user.map((e) => e.key),
    ['profile', 'faq'],
  );
});

test('manifestProblems: the name must match remotes.json; paths, titles, roles and menu keys are checked', () => {
  assert.deepEqual(manifestProblems(alpha, 'alpha'), []);
  assert.deepEqual(manifestProblems(alpha, 'beta'), ['name must be "beta"']);
  assert.deepEqual(manifestProblems(null), ['the manifest is not an object']);
  const bad = {
    name: 'x',
    pages: [
      { path: 'rel', title: 'T' },
      { path: '/a', title: '', allowed: [9] },
    ],
  };
  assert.deepEqual(manifestProblems(bad, 'x'), [
    'a page has no valid path: {"path":"rel","title":"T"}',
    '/a: title is required',
    '/a: roles must be role numbers',
  ]);
  const twice = {
    name: 'x',
    pages: ['/a', '/b'].map((path) => ({
      path,
      title: 'T',
      menu: { section: 'user', key: 'k', label: 'K', order: 1 },
    })),
  };
  assert.deepEqual(manifestProblems(twice, 'x'), ['/b: menu key k used twice']);
});

test('PortalProps.menu: every deployed entry for the Settings screen, user section first, in order', () => {
  assert.deepEqual(
    allMenuEntries(table).map((e) => `${e.section}:${e.key}:${e.mfe}`),
    [
      'user:board:beta',
      'user:profile:alpha',
      'user:myWeek:beta',
      'user:faq:shell',
      'admin:week:beta',
      'admin:people:alpha',
    ],
  );
});

test('under review (verified false): public pages and those marked underReview only, the rest goes to profile', () => {
  const reviewed = buildTable([
    {
      name: 'alpha',
      manifest: {
        ...alpha,
        pages: alpha.pages.map((p) => (p.path === '/dashboard/profile' ? { ...p, underReview: true } : p)),
      },
    },
    { name: 'beta', manifest: beta },
  ]);
  const pending = { role: Role.AccountAdmin, verified: false };
  const go = (path: string, u: { role: RoleNumber; verified?: unknown } = pending) =>
    resolveRoute(reviewed, path, '', u);
  assert.deepEqual(go('/dashboard/profile'), { owner: 'alpha' });
  assert.deepEqual(go('/dashboard/faq'), { view: 'faq' });
  assert.deepEqual(go('/dashboard/board'), { owner: 'beta' }, 'public pages stay open');
  assert.deepEqual(go('/dashboard/editPerson', { role: Role.Admin, verified: false }), {
    redirect: '/dashboard/profile',
  });
  assert.deepEqual(go('/order/42'), { redirect: '/dashboard/profile' });
  // verified and suspended users are not under review (suspended keeps its read-only screens)
  assert.deepEqual(go('/order/42', { role: Role.User, verified: true }), {
    redirect: '/dashboard/orders?id=42',
  });
  assert.deepEqual(go('/dashboard/editPerson', { role: Role.Admin, verified: 'suspended' }), {
    owner: 'alpha',
  });
  const keys = (m: { user: { key: string }[]; admin: { key: string }[] }) =>
    [...m.user, ...m.admin].map((i) => i.key);
  assert.deepEqual(keys(menusFor(reviewed, Role.Admin, [], true)), ['profile', 'faq']);
  assert.deepEqual(keys(menusFor(reviewed, Role.Admin, [], false)), [
    'board',
    'profile',
    'faq',
    'week',
    'people',
  ]);
  const bad = { name: 'x', pages: [{ path: '/a', title: 'A', underReview: 'yes' }] };
  assert.deepEqual(manifestProblems(bad, 'x'), ['/a: underReview must be a boolean']);
});
