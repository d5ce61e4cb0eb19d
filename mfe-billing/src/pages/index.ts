import type { ComponentType } from 'react';
import { lazyPage } from '@portal/ui';

// A real screen is its own chunk, fetched on first visit (the browser budget). Each part of billing owns its
// folders: recon/ (billing reconciliation), pages/Reports.tsx (report jobs), dashboards/ (operations and vendor).
const Reports = lazyPage(
  () => import('./Reports.js'),
  (m) => m.Reports,
);
const ManifestDownload = lazyPage(
  () => import('../manifests/ManifestDownload.js'),
  (m) => m.ManifestDownload,
);
const Billing = lazyPage(
  () => import('../recon/Billing.js'),
  (m) => m.Billing,
);
const Operations = lazyPage(
  () => import('../dashboards/Operations.js'),
  (m) => m.Operations,
);
const VendorDashboard = lazyPage(
  () => import('../dashboards/VendorDashboard.js'),
  (m) => m.VendorDashboard,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/manifestdownload': ManifestDownload,
  '/dashboard/billing': Billing,
  // orders §2: "/dashboard/billing, manageBilling | billing reconciliation" — the same screen under both names
  '/dashboard/manageBilling': Billing,
  '/dashboard/reports': Reports,
  '/dashboard/operations': Operations,
  // orders §2 "/dashboard/reports, userreports": a company user's own reports — their dashboard (README)
  '/dashboard/userreports': VendorDashboard,
};
