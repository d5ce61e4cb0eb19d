import type { ComponentType } from 'react';
import { emptyScreen, lazyPage } from '@portal/ui';
import { ManageSchedule } from './ManageSchedule.js';

// A real screen is its own chunk, fetched on first visit (issue 9, the browser budget).
const RoutesList = lazyPage(
  () => import('./RoutesList.js'),
  (m) => m.RoutesList,
);
const RouteEditor = lazyPage(
  () => import('./RouteEditor.js'),
  (m) => m.RouteEditor,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/schedule': emptyScreen(
    'Schedule',
    "The day's delivery schedule: every route's stops, driver and vehicle. No routes are scheduled yet.",
  ),
  '/dashboard/manageSchedule': ManageSchedule,
  '/dashboard/schedulesearch': emptyScreen(
    'Delivery Schedule',
    'Look up when deliveries to a licence or company are scheduled. No delivery schedule has been published yet.',
  ),
  '/dashboard/manageRoutes': RoutesList,
  '/dashboard/editRoute': RouteEditor,
};
