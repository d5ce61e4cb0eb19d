import type { ComponentType } from 'react';
import { lazyPage } from '@portal/ui';

// One chunk per screen, fetched on first visit (the browser budget).
const ManageDriver = lazyPage(
  () => import('./ManageDriver.js'),
  (m) => m.ManageDriver,
);
const FleetManager = lazyPage(
  () => import('./FleetManager.js'),
  (m) => m.FleetManager,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/manageDriver': ManageDriver,
  '/dashboard/fleetmanager': FleetManager,
};
