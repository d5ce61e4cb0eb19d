import { EmptyState, useSessionUser } from '@portal/ui';
import { Role } from '@portal/contracts';

/** One route, two screens (accounts §2): a driver's own day, or staff arranging everyone's. */
export function ManageSchedule() {
  const user = useSessionUser();
  if (user?.role === Role.Driver) {
    return (
      <EmptyState title="My Schedule" testId="empty-screen">
        Your stops for the day in route order: pickups and deliveries, check-in, check-out and manifest
        signing. You have no stops scheduled yet.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="Manage Schedule" testId="empty-screen">
      Arrange the day: assign orders, drivers and vehicles to routes and put the stops in order. Nothing is
      scheduled yet.
    </EmptyState>
  );
}
