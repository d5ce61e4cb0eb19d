import { PageTitle } from '@portal/ui';
import { VehiclesList } from './VehiclesList.js';

/** /dashboard/fleetmanager (orders §2): the vehicle fleet. Maintenance and xlsx export come with the fleet issue. */
export function FleetManager() {
  return (
    <div data-testid="fleet-manager">
      <PageTitle>Fleet Manager</PageTitle>
      <VehiclesList />
    </div>
  );
}
