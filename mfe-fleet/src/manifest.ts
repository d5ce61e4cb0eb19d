import { OPERATIONS_ROLES, STAFF_ROLES } from '@portal/contracts';
import { defineMfe } from '@portal/ui';

/**
 * What mfe-fleet owns (orders §2, §6; accounts §2 menus): the shell reads this at run time; `pages/index.ts` maps
 * each path to its screen (test/manifest.test.ts keeps the two in step).
 *
 * Both paths are listed twice on purpose, as in the spec's two menus: drivers and staff find them in the user menu,
 * staff also in the admin menu ("Manage Drivers", "Fleet Manager"). A role may open a path when one of its entries
 * lets it.
 */
const manifest = defineMfe({
  name: 'fleet',
  pages: [
    {
      path: '/dashboard/manageDriver',
      title: 'Drivers',
      allowed: OPERATIONS_ROLES,
      menu: { section: 'user', key: 'manageDriver', label: 'Drivers', order: 100 },
    },
    {
      path: '/dashboard/fleetmanager',
      title: 'Fleet Manager',
      allowed: OPERATIONS_ROLES,
      menu: { section: 'user', key: 'fleetmanager', label: 'Fleet Manager', order: 110 },
    },
    {
      path: '/dashboard/manageDriver',
      title: 'Manage Drivers',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'adminManageDriver', label: 'Manage Drivers', order: 60 },
    },
    {
      path: '/dashboard/fleetmanager',
      title: 'Fleet Manager',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'adminFleetmanager', label: 'Fleet Manager', order: 110 },
    },
  ],
});

export default manifest;
