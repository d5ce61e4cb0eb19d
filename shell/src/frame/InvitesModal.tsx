import { useEffect, useState } from 'react';
import { Button, Modal, companyName, errorText, toast, type ApiClient, type SessionUser } from '@portal/ui';

interface PendingInvite {
  id: string;
  email?: string;
  invited?: string;
  user?: { company?: unknown };
  data?: { accepted?: boolean; notified?: boolean };
}

// Inline styles: this modal is the only shell part that needs them (shell.css belongs to the frame).
const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 } as const;
const ITEM = {
  display: 'flex',
  gap: 10,
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  border: '1px solid var(--pu-border)',
  borderRadius: 'var(--pu-radius)',
  padding: '10px 12px',
} as const;

const companyOf = (i: PendingInvite) => companyName(i.user?.company) || i.invited || 'A company';

/**
 * Header invites modal (accounts §2, §4): after sign-in, the user's pending invites (POST /api/users/invites
 * {where: {mine: true}}). Accept sets accepted + notified (the server merges the licences); Dismiss sets notified only.
 */
export function InvitesModal({ api, user }: { api: ApiClient; user: SessionUser | null }) {
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const email = user?.email;

  useEffect(() => {
    setInvites([]);
    if (!email) return;
    let live = true;
    api
      .post<{ data?: { invites?: PendingInvite[] } }>('/api/users/invites', { where: { mine: true } })
      .then((r) => {
        const pending = (r?.data?.invites ?? []).filter((i) => !i.data?.notified && !i.data?.accepted);
        if (!live) return;
        setInvites(pending);
        setOpen(pending.length > 0);
      })
      .catch((e: unknown) => console.warn('pending invites unavailable', e));
    return () => void (live = false);
  }, [api, email]);

  const answer = async (invite: PendingInvite, accept: boolean) => {
    setBusy(invite.id);
    try {
      const data = accept ? { accepted: true, notified: true } : { notified: true };
      await api.post('/api/users/invites/update', { invites: [{ id: invite.id, data }] });
      toast.success(
        accept
          ? `Invitation from ${companyOf(invite)} accepted: its licences were added to your account.`
          : `Invitation from ${companyOf(invite)} dismissed.`,
      );
      const rest = invites.filter((i) => i.id !== invite.id);
      setInvites(rest);
      if (!rest.length) setOpen(false);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open && invites.length > 0}
      onClose={() => setOpen(false)}
      title={invites.length === 1 ? 'You have an invitation' : `You have ${invites.length} invitations`}
      testId="invites-modal"
      footer={<Button onClick={() => setOpen(false)}>Later</Button>}
    >
      <p className="pu-muted" style={{ marginTop: 0 }}>
        Accepting adds the inviting company&apos;s licences to your account. Dismissed invitations are not
        shown again.
      </p>
      <ul style={LIST}>
        {invites.map((i) => (
          <li key={i.id} style={ITEM} data-testid="invites-item">
            <div>
              <strong>{companyOf(i)}</strong>
              {i.invited && <div className="pu-muted">invited by {i.invited}</div>}
            </div>
            <span style={{ display: 'inline-flex', gap: 6 }}>
              <Button
                variant="primary"
                size="sm"
                disabled={busy !== null}
                onClick={() => void answer(i, true)}
                aria-label={`Accept the invitation from ${companyOf(i)}`}
                data-testid="invites-accept"
              >
                Accept
              </Button>
              <Button
                size="sm"
                disabled={busy !== null}
                onClick={() => void answer(i, false)}
                aria-label={`Dismiss the invitation from ${companyOf(i)}`}
                data-testid="invites-dismiss"
              >
                Dismiss
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
