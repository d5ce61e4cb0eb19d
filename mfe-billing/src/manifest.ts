import { Role, STAFF_ROLES } from '@portal/contracts';
import { defineMfe } from '@portal/ui';

/**
 * What mfe-billing owns (orders §2; accounts §2 menus): the shell reads this at run time; `pages/index.ts` maps each
 * path to its screen (test/manifest.test.ts keeps the two in step).
 */
const manifest = defineMfe({
  name: 'billing',
  pages: [
    {
      path: '/dashboard/manifestdownload',
      title: 'Manifest Download',
      menu: { section: 'user', key: 'manifestdownload', label: 'Manifest Download', order: 130 },
    },
    {
      path: '/dashboard/billing',
      title: 'Billing',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'billing', label: 'Billing', order: 70 },
    },
    {
      path: '/dashboard/reports',
      title: 'Reports',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'reports', label: 'Reports', order: 80 },
    },
    {
      path: '/dashboard/operations',
      title: 'Operations',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'operations', label: 'Operations', order: 85 },
    },
    // A company user's own figures (orders §2 "userreports"): their orders by status and on-time rate.
    {
      path: '/dashboard/userreports',
      title: 'My Reports',
      allowed: [Role.AccountAdmin, Role.User],
      menu: { section: 'user', key: 'userreports', label: 'My Reports', order: 125 },
    },
    // orders §2 "/dashboard/billing, manageBilling": the reconciliation screen under its other name
    { path: '/dashboard/manageBilling', title: 'Billing', allowed: STAFF_ROLES },
  ],
});

export default manifest;
