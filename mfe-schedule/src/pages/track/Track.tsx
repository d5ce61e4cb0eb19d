import { EmptyState } from '@portal/ui';

/** A receiver's tracking page (issue 14): one order, by a signed expiring link; no login. */
export function Track() {
  return (
    <EmptyState title="Track your delivery" testId="empty-screen">
      Open the link in your delivery email.
    </EmptyState>
  );
}
