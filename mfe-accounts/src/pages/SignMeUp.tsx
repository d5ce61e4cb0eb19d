import { useEffect } from 'react';
import { useQuery } from '@portal/ui';
import { go } from './auth/handoff.js';

/** The invitation link /signMeUp?email=&token= (accounts §2; the token proves the invite, issue 8): on to sign-up with the email locked and the fromLink marker. */
export function SignMeUp() {
  const query = useQuery();
  const email = query.get('email')?.trim().toLowerCase() ?? '';
  const inviteToken = query.get('token') ?? undefined;
  useEffect(() => {
    go('/signup', email ? { email, fromLink: true, inviteToken } : {}, undefined, true);
  }, [email, inviteToken]);
  return (
    <p className="pu-muted" role="status" data-testid="signmeup">
      Opening sign-up…
    </p>
  );
}
