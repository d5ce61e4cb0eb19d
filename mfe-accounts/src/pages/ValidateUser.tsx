import { useEffect } from 'react';
import { EmptyState, usePortal, useQuery, useSessionUser } from '@portal/ui';

/**
 * /validateUser?email= (accounts §2): the staff link from the application notice. Signed in, it opens Edit Account
 * for that email; signed out, it goes to login and comes back here afterwards.
 */
export function ValidateUser() {
  const { navigate } = usePortal();
  const user = useSessionUser();
  const query = useQuery();
  const email = query.get('email');
  useEffect(() => {
    if (!email) return;
    if (!user)
      navigate(`/login?redirect=${encodeURIComponent(`/validateUser?email=${encodeURIComponent(email)}`)}`);
    else navigate(`/dashboard/editAccount?email=${encodeURIComponent(email)}`);
  }, [user, email, navigate]);
  if (email) return null;
  return (
    <EmptyState title="Validate User" testId="empty-screen">
      Staff open a new user&apos;s account here to review and verify it. The link has no email, so there is no
      account to open.
    </EmptyState>
  );
}
