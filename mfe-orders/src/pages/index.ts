import type { ComponentType } from 'react';
import { lazyPage } from '@portal/ui';

// Two chunks, fetched on first visit: the lists and the order form.
const lists = () => import('./lists.js');
const forms = () => import('./forms.js');
const scan = () => import('../scan/pages.js');

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/orders': lazyPage(lists, (m) => m.OutgoingOrders),
  '/dashboard/incomingorders': lazyPage(lists, (m) => m.IncomingOrders),
  '/dashboard/placedorders': lazyPage(lists, (m) => m.PlacedOrders),
  '/dashboard/adminManageOrders': lazyPage(lists, (m) => m.AdminOrders),
  '/dashboard/publicorders': lazyPage(lists, (m) => m.PublicOrders),
  '/dashboard/createOrder': lazyPage(forms, (m) => m.CreateOrder),
  '/dashboard/adminEditOrder': lazyPage(forms, (m) => m.AdminEditOrder),
  '/dashboard/editOrder': lazyPage(forms, (m) => m.EditOrder),
  '/dashboard/checkout': lazyPage(scan, (m) => m.CheckOut),
  '/dashboard/checkin': lazyPage(scan, (m) => m.CheckIn),
  '/dashboard/scan': lazyPage(scan, (m) => m.DriverScan),
};
