import type { RoleNumber } from './roles.js';

// DEPRECATED (issue 10): the menus now live in each MFE's src/manifest.ts, and the shell builds both side menus from
// the manifests at run time (shell/src/routes.ts, PortalProps.menu for screens that list them). Nothing in the shell
// reads this file any more. It stays only until its last readers move (then delete it and its line in index.ts and
// browser.ts): mfe-accounts/src/pages/admin/settingsKeys.ts (use usePortal().menu), e2e/tests/frame.spec.ts (read
// the manifests), services/contracts/test/contracts.test.ts (drop the visibleMenu test). Do not add entries here.

/** A side-menu entry: `path` under /dashboard. allowed = only these roles; restricted = never these. */
export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  mfe: 'accounts' | 'orders' | 'schedule' | 'fleet' | 'billing' | 'shell';
  allowed?: RoleNumber[];
  restricted?: RoleNumber[];
}

/** User menu (accounts §2). Drivers are excluded from outgoing orders, new order, checkout and faq (orders §6). */
export const USER_MENU: MenuEntry[] = [
  { key: 'profile', label: 'Profile', path: '/dashboard/profile', mfe: 'accounts' },
  { key: 'invite', label: 'Invite Users', path: '/dashboard/invite', mfe: 'accounts', allowed: [0, 1, 3] },
  { key: 'orders', label: 'Outgoing Orders', path: '/dashboard/orders', mfe: 'orders', restricted: [2] },
  { key: 'incomingorders', label: 'Incoming Orders', path: '/dashboard/incomingorders', mfe: 'orders' },
  {
    key: 'placedorders',
    label: 'Placed Orders',
    path: '/dashboard/placedorders',
    mfe: 'orders',
    allowed: [0, 1, 3],
  },
  {
    key: 'createOrder',
    label: 'Create Order',
    path: '/dashboard/createOrder',
    mfe: 'orders',
    restricted: [2],
  },
  { key: 'schedule', label: 'Schedule', path: '/dashboard/schedule', mfe: 'schedule', allowed: [0, 1] },
  {
    key: 'manageSchedule',
    label: 'My Schedule',
    path: '/dashboard/manageSchedule',
    mfe: 'schedule',
    allowed: [2],
  },
  { key: 'schedulesearch', label: 'Delivery Schedule', path: '/dashboard/schedulesearch', mfe: 'schedule' },
  {
    key: 'manageDriver',
    label: 'Drivers',
    path: '/dashboard/manageDriver',
    mfe: 'fleet',
    allowed: [0, 1, 2],
  },
  {
    key: 'fleetmanager',
    label: 'Fleet Manager',
    path: '/dashboard/fleetmanager',
    mfe: 'fleet',
    allowed: [0, 1, 2],
  },
  { key: 'checkout', label: 'Check Out', path: '/dashboard/checkout', mfe: 'orders', restricted: [2] },
  {
    key: 'manifestdownload',
    label: 'Manifest Download',
    path: '/dashboard/manifestdownload',
    mfe: 'billing',
  },
  { key: 'faq', label: 'FAQ', path: '/dashboard/faq', mfe: 'shell', restricted: [2] },
];

/** Admin menu (accounts §2): staff only; settings for role 0 only. */
export const ADMIN_MENU: MenuEntry[] = [
  { key: 'accounts', label: 'Accounts', path: '/dashboard/accounts', mfe: 'accounts', allowed: [0, 1] },
  {
    key: 'adminManageOrders',
    label: 'Manage Orders',
    path: '/dashboard/adminManageOrders',
    mfe: 'orders',
    allowed: [0, 1],
  },
  {
    key: 'manageRoutes',
    label: 'Manage Routes',
    path: '/dashboard/manageRoutes',
    mfe: 'schedule',
    allowed: [0, 1],
  },
  {
    key: 'createAdminOrder',
    label: 'Create Admin Order',
    path: '/dashboard/adminEditOrder',
    mfe: 'orders',
    allowed: [0, 1],
  },
  {
    key: 'adminManageSchedule',
    label: 'Manage Schedule',
    path: '/dashboard/manageSchedule',
    mfe: 'schedule',
    allowed: [0, 1],
  },
  {
    key: 'adminManageDriver',
    label: 'Manage Drivers',
    path: '/dashboard/manageDriver',
    mfe: 'fleet',
    allowed: [0, 1],
  },
  { key: 'billing', label: 'Billing', path: '/dashboard/billing', mfe: 'billing', allowed: [0, 1] },
  { key: 'reports', label: 'Reports', path: '/dashboard/reports', mfe: 'billing', allowed: [0, 1] },
  { key: 'checkin', label: 'Check In', path: '/dashboard/checkin', mfe: 'orders', allowed: [0, 1] },
  { key: 'lnupdate', label: 'License Update', path: '/dashboard/lnupdate', mfe: 'accounts', allowed: [0, 1] },
  {
    key: 'adminFleetmanager',
    label: 'Fleet Manager',
    path: '/dashboard/fleetmanager',
    mfe: 'fleet',
    allowed: [0, 1],
  },
  { key: 'settings', label: 'Settings', path: '/dashboard/settings', mfe: 'accounts', allowed: [0] },
];

/** Entries visible to a role after allowed/restricted filtering and the configured hideRoutes (deprecated, above). */
export function visibleMenu(entries: MenuEntry[], role: RoleNumber, hideRoutes: string[] = []): MenuEntry[] {
  return entries.filter(
    (e) =>
      (!e.allowed || e.allowed.includes(role)) &&
      !(e.restricted && e.restricted.includes(role)) &&
      !hideRoutes.includes(e.key),
  );
}
