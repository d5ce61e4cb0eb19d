import { EmptyState } from '@portal/ui';

/** Issue 15 placeholder: the part that owns this file replaces it. */
export function Billing() {
  return <EmptyState title="Billing">Coming in issue 15.</EmptyState>;
}
