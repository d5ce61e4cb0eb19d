import { useEffect } from 'react';
import { useQuery } from '@portal/ui';
import { go } from './auth/handoff.js';

/** The invitation link /signMeUp?email= (accounts §2): on to sign-up with the email locked and the fromLink marker. */
export function SignMeUp() {
  const email = useQuery().get('email')?.trim().toLowerCase() ?? '';
  useEffect(() => {
    go('/signup', email ? { email, fromLink: true } : {}, undefined, true);
  }, [email]);
  return (
    <p className="pu-muted" role="status" data-testid="signmeup">
      Opening sign-up…
    </p>
  );
}
