import { EmptyState } from '@portal/ui';

/** Issue 15 placeholder: the part that owns this file replaces it. */
export function Operations() {
  return <EmptyState title="Operations">Coming in issue 15.</EmptyState>;
}
