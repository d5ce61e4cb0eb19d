import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';

/** The routes mfe-billing owns (menus in @portal/contracts + userreports, manageBilling). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/manifestdownload': emptyScreen(
    'Manifest Download',
    'Download the signed manifests of delivered orders, one by one or as a zip. There are no manifests to download yet.',
  ),
  '/dashboard/billing': emptyScreen(
    'Billing',
    'Reconcile delivered orders with invoices and the accounting system. There is nothing to reconcile yet.',
  ),
  '/dashboard/reports': emptyScreen(
    'Reports',
    'Operational and billing reports by date range and company. No reports have been run yet.',
  ),
  '/dashboard/userreports': emptyScreen(
    'User Reports',
    "Reports for one account's orders and charges. No reports have been run yet.",
  ),
  '/dashboard/manageBilling': emptyScreen(
    'Manage Billing',
    'Billing rates and settings per company. No billing records exist yet.',
  ),
};
