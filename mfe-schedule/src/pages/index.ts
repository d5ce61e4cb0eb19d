import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';
import { ManageSchedule } from './ManageSchedule.js';

/** The routes mfe-schedule owns (menus in @portal/contracts + /dashboard/schedulesearch, public). */
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
  '/dashboard/manageRoutes': emptyScreen(
    'Manage Routes',
    'The delivery routes with their regions, days and stop order. No routes have been set up yet.',
  ),
  '/dashboard/editRoute': emptyScreen(
    'Edit Route',
    "A route's name, days and stops. No route is open for editing.",
  ),
};
