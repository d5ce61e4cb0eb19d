import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';

/** The routes mfe-fleet owns (menus in @portal/contracts). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/manageDriver': emptyScreen(
    'Drivers',
    'The drivers who run the routes: contact details, licence and availability. No drivers have been added yet.',
  ),
  '/dashboard/fleetmanager': emptyScreen(
    'Fleet Manager',
    'Vehicles and their upkeep: plates, capacity, service dates and maintenance records. No vehicles have been added yet.',
  ),
};
