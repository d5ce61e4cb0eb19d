import { EmptyState } from '@portal/ui';

/** The public delivery schedule search (issue 14, orders §2): no login. */
export function ScheduleSearch() {
  return (
    <EmptyState title="Delivery Schedule" testId="empty-screen">
      Look up when deliveries to a city or zip are scheduled.
    </EmptyState>
  );
}
