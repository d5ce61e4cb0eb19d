import type { ComponentType } from 'react';
import { emptyScreen, lazyPage } from '@portal/ui';

// A real screen is its own chunk, fetched on first visit (issue 9, the browser budget).
const Reports = lazyPage(
  () => import('./Reports.js'),
  (m) => m.Reports,
);
const ManifestDownload = lazyPage(
  () => import('../manifests/ManifestDownload.js'),
  (m) => m.ManifestDownload,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/manifestdownload': ManifestDownload,
  '/dashboard/billing': emptyScreen(
    'Billing',
    'Reconcile delivered orders with invoices and the accounting system. There is nothing to reconcile yet.',
  ),
  '/dashboard/reports': Reports,
  '/dashboard/userreports': emptyScreen(
    'User Reports',
    "Reports for one account's orders and charges. No reports have been run yet.",
  ),
  '/dashboard/manageBilling': emptyScreen(
    'Manage Billing',
    'Billing rates and settings per company. No billing records exist yet.',
  ),
};
