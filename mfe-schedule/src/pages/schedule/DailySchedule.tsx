import { EmptyState } from '@portal/ui';

/** The daily schedule (issue 14, orders §2 "Schedule"): admin variant for roles 0, 1; driver variant for role 2. */
export function DailySchedule() {
  return (
    <EmptyState title="Schedule" testId="empty-screen">
      The day&apos;s delivery schedule: every route&apos;s stops, driver and vehicle.
    </EmptyState>
  );
}
