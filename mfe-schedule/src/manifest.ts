import { Role, STAFF_ROLES } from '@portal/contracts';
import { defineMfe } from '@portal/ui';

/**
 * What mfe-schedule owns (orders §2, accounts §2 menus): the shell reads this at run time; `pages/index.ts` maps each
 * path to its screen (test/manifest.test.ts keeps the two in step).
 *
 * /dashboard/manageSchedule is listed twice on purpose: one route, two screens (orders §2) — "My Schedule" in the
 * user menu for drivers and "Manage Schedule" in the admin menu for staff. A role may open the path when one of its
 * entries lets it, and the title follows the entry that matched.
 */
const manifest = defineMfe({
  name: 'schedule',
  pages: [
    // The same daily schedule staff find as Manage Schedule in the admin menu: one entry per screen, so this path
    // is reached by link only (the spec's user-menu "schedule" would list that screen a second time for staff).
    { path: '/dashboard/schedule', title: 'Schedule', allowed: STAFF_ROLES },
    {
      path: '/dashboard/manageSchedule',
      title: 'My Schedule',
      allowed: [Role.Driver],
      // a driver's day starts on today's schedule (Scan is one tap away in the header)
      home: [Role.Driver],
      menu: { section: 'user', key: 'manageSchedule', label: 'My Schedule', order: 80 },
    },
    {
      path: '/dashboard/manageSchedule',
      title: 'Manage Schedule',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'adminManageSchedule', label: 'Manage Schedule', order: 50 },
    },
    // Public (orders §2) and in every signed-in user's menu.
    {
      path: '/dashboard/schedulesearch',
      title: 'Delivery Schedule',
      public: true,
      menu: { section: 'user', key: 'schedulesearch', label: 'Delivery Schedule', order: 90 },
    },
    {
      path: '/dashboard/manageRoutes',
      title: 'Manage Routes',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'manageRoutes', label: 'Manage Routes', order: 30 },
    },
    // The route editor: editing routes is roles 0 and 1 (orders §6), reached from Manage Routes, no menu entry.
    { path: '/dashboard/editRoute', title: 'Edit Route', allowed: STAFF_ROLES },
    // Reached by link without login: a receiver's tracking page (signed link in the status email) and the
    // week's driver schedule, read-only.
    { path: '/dashboard/track', title: 'Track Delivery', public: true },
    { path: '/dashboard/driverschedule', title: 'Driver Schedule', public: true },
  ],
});

export default manifest;
