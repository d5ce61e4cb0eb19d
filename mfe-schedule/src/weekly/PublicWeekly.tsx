import { EmptyState } from '@portal/ui';

/** The weekly driver schedule, read-only, without login (issue 14). */
export function PublicWeekly() {
  return (
    <EmptyState title="Driver Schedule" testId="empty-screen">
      The week&apos;s driver schedule.
    </EmptyState>
  );
}
