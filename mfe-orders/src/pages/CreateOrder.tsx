import { useEffect, useState } from 'react';
import { Messages, isSuspended } from '@portal/contracts';
import { Alert, EmptyState, PageTitle, usePortal } from '@portal/ui';

/**
 * Create Order. The order form itself comes with the orders domain; what holds already is the verification
 * rule (accounts §4): a suspended account may not order and sees why. The state is read fresh from the
 * profile, not from the sign-in snapshot, so a suspension applies without signing out.
 */
export function CreateOrder() {
  const { api } = usePortal();
  const [suspended, setSuspended] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api
      .get<{ user: { verified?: unknown } }>('/api/users/me')
      .then((r) => live && setSuspended(isSuspended(r.user.verified)))
      .catch(() => live && setSuspended(false));
    return () => {
      live = false;
    };
  }, [api]);

  if (suspended === undefined) return null;
  if (suspended) {
    return (
      <div>
        <PageTitle>Create Order</PageTitle>
        <Alert type="error" testId="order-suspended">
          {Messages.suspended}
        </Alert>
      </div>
    );
  }
  return (
    <EmptyState title="Create Order" testId="empty-screen">
      Schedule a pickup: the sending and receiving licences, the pickup day and the manifest. The order form
      has nothing to fill in yet in this version of the portal.
    </EmptyState>
  );
}
