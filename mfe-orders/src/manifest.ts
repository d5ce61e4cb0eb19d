import { INVITER_ROLES, Role, STAFF_ROLES } from '@portal/contracts';
import { defineMfe } from '@portal/ui';

/**
 * What mfe-orders owns (orders §2, accounts §2 menus): the shell reads this at run time; `pages/index.ts` maps each
 * path to its screen (test/manifest.test.ts keeps the two in step). Drivers do not get outgoing orders, new orders or
 * check-out (orders §6). Menu `order` leaves gaps of 10 between the spec's menu positions.
 */
const manifest = defineMfe({
  name: 'orders',
  pages: [
    {
      path: '/dashboard/orders',
      title: 'Outgoing Orders',
      restricted: [Role.Driver],
      menu: { section: 'user', key: 'orders', label: 'Outgoing Orders', order: 30 },
    },
    {
      path: '/dashboard/incomingorders',
      title: 'Incoming Orders',
      // company users start the day with what arrives (a receiver's link to sign and check); staff and drivers
      // land elsewhere
      home: [Role.AccountAdmin, Role.User],
      menu: { section: 'user', key: 'incomingorders', label: 'Incoming Orders', order: 40 },
    },
    {
      path: '/dashboard/placedorders',
      title: 'Placed Orders',
      allowed: INVITER_ROLES,
      menu: { section: 'user', key: 'placedorders', label: 'Placed Orders', order: 50 },
    },
    {
      path: '/dashboard/createOrder',
      title: 'Create Order',
      restricted: [Role.Driver],
      menu: { section: 'user', key: 'createOrder', label: 'Create Order', order: 60 },
    },
    {
      path: '/dashboard/checkout',
      title: 'Check Out',
      restricted: [Role.Driver],
      menu: { section: 'user', key: 'checkout', label: 'Check Out', order: 120 },
    },
    {
      path: '/dashboard/adminManageOrders',
      title: 'Manage Orders',
      allowed: STAFF_ROLES,
      // staff start the day approving what came in overnight
      home: STAFF_ROLES,
      menu: { section: 'admin', key: 'adminManageOrders', label: 'Manage Orders', order: 20 },
    },
    {
      path: '/dashboard/adminEditOrder',
      title: 'Create Admin Order',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'createAdminOrder', label: 'Create Admin Order', order: 40 },
    },
    {
      path: '/dashboard/checkin',
      title: 'Check In',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'checkin', label: 'Check In', order: 90 },
    },
    // The driver's scan screen: after My Schedule in the driver's menu, and a header button (one tap on a phone).
    {
      path: '/dashboard/scan',
      title: 'Scan',
      allowed: [Role.Driver],
      menu: { section: 'user', key: 'scan', label: 'Scan', order: 85, shortcut: true },
    },
    // Reached by link: the order form for an existing order, and a company's public order list (orders §2).
    { path: '/dashboard/editOrder', title: 'Edit Order' },
    { path: '/dashboard/publicorders', title: 'Public Orders', public: true },
  ],
});

export default manifest;
