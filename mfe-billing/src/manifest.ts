import { STAFF_ROLES } from '@portal/contracts';
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
    // Reached by link (orders §2): one account's reports, and the billing rates per company.
    { path: '/dashboard/userreports', title: 'User Reports' },
    { path: '/dashboard/manageBilling', title: 'Manage Billing' },
  ],
});

export default manifest;
