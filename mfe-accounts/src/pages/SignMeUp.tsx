import { useEffect, useState } from 'react';
import { AuthMessages } from '@portal/contracts';
import { Button, Link, errorText, useQuery, usePortal } from '@portal/ui';
import { requestInviteLink } from '../api.js';
import { Actions, AuthCard } from './auth/AuthCard.js';
import { go } from './auth/handoff.js';

/**
 * The invitation link /signMeUp?email=&token= (accounts §2; the token proves the invite): on to sign-up with
 * the email locked and the fromLink marker. A link without the token comes from an invitation mailed before links
 * carried one: it says so and offers a new link, mailed to the invited address only.
 */
export function SignMeUp() {
  const query = useQuery();
  const email = query.get('email')?.trim().toLowerCase() ?? '';
  const inviteToken = query.get('token') ?? undefined;
  const old = !!email && !inviteToken;
  useEffect(() => {
    if (!old) go('/signup', email ? { email, fromLink: true, inviteToken } : {}, undefined, true);
  }, [old, email, inviteToken]);
  if (old) return <OldInviteLink email={email} />;
  return (
    <p className="pu-muted" role="status" data-testid="signmeup">
      Opening sign-up…
    </p>
  );
}

function OldInviteLink({ email }: { email: string }) {
  const { api } = usePortal();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setError(null);
    setBusy(true);
    try {
      const r = await requestInviteLink(api, email);
      setSent(r?.message || AuthMessages.inviteLinkSent);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title="Invitation link"
      id="oldinvite"
      onSubmit={() => void ask()}
      error={error}
      onCloseError={() => setError(null)}
      notice={sent}
      onCloseNotice={() => setSent(null)}
    >
      <p data-testid="oldinvite-message">{AuthMessages.inviteLinkOld}</p>
      <p className="pu-muted">
        Invited address: <strong data-testid="oldinvite-email">{email}</strong>
      </p>
      <Actions>
        <Button type="submit" variant="primary" disabled={busy || !!sent} data-testid="oldinvite-send">
          {busy ? 'Sending…' : sent ? 'Link sent' : 'Send me a new link'}
        </Button>
      </Actions>
      <div className="acc-auth-links">
        <Link to="/login" data-testid="oldinvite-login">
          I already have an account
        </Link>
      </div>
    </AuthCard>
  );
}
