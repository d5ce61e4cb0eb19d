import type { ComponentType } from 'react';
import { lazyPage } from '@portal/ui';

// A real screen is its own chunk, fetched on first visit.
const RoutesList = lazyPage(
  () => import('./RoutesList.js'),
  (m) => m.RoutesList,
);
const RouteEditor = lazyPage(
  () => import('./RouteEditor.js'),
  (m) => m.RouteEditor,
);
// Dispatch: the daily schedule (both menu entries: staff and the driver's own), the public search, the
// receiver's tracking page and the public weekly driver schedule.
const DailySchedule = lazyPage(
  () => import('./schedule/DailySchedule.js'),
  (m) => m.DailySchedule,
);
const ScheduleSearch = lazyPage(
  () => import('./search/ScheduleSearch.js'),
  (m) => m.ScheduleSearch,
);
const Track = lazyPage(
  () => import('./track/Track.js'),
  (m) => m.Track,
);
const PublicWeekly = lazyPage(
  () => import('../weekly/PublicWeekly.js'),
  (m) => m.PublicWeekly,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/schedule': DailySchedule,
  '/dashboard/manageSchedule': DailySchedule,
  '/dashboard/schedulesearch': ScheduleSearch,
  '/dashboard/track': Track,
  '/dashboard/driverschedule': PublicWeekly,
  '/dashboard/manageRoutes': RoutesList,
  '/dashboard/editRoute': RouteEditor,
};
