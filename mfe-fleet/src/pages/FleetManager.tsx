import { canEditFleet } from '@portal/contracts';
import { PageTitle, useSessionUser } from '@portal/ui';
import { VehiclesList } from './VehiclesList.js';
import './fleet.css';

/**
 * /dashboard/fleetmanager (orders §2): the vehicle fleet with its maintenance and service-due alerts. Drivers see the
 * active vehicles, read-only.
 */
export function FleetManager() {
  const staff = canEditFleet(useSessionUser()?.role);
  return (
    <div data-testid="fleet-manager">
      <PageTitle>Fleet Manager</PageTitle>
      {!staff && (
        <p className="fl-muted" data-testid="fleet-read-only">
          The active vehicles of the fleet (read-only).
        </p>
      )}
      <VehiclesList source="fleetmanager" />
    </div>
  );
}
