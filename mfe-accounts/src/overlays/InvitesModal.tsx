import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Modal,
  QueryProvider,
  companyName,
  errorText,
  toast,
  type MfeOverlayProps,
} from '@portal/ui';
import { answerInvite, listInvites, type Invite } from '../api.js';
import './invites.css';

const companyOf = (i: Invite) => companyName(i.user?.company) || i.invited || 'A company';
const pending = (i: Invite) => !i.data?.notified && !i.data?.accepted;

/**
 * The invites modal (accounts §2, §4), an overlay of mfe-accounts (manifest `overlays`): the shell renders it on every
 * page while someone is signed in. It shows the user's pending invites (POST /api/users/invites {where: {mine:
 * true}}) once per sign-in or page load. Accept sets accepted + notified (the server merges the licences); Dismiss
 * sets notified only; Later/× leaves them pending for the next sign-in.
 */
function PendingInvites({ portal: { api }, user }: MfeOverlayProps) {
  const client = useQueryClient();
  const key = ['accounts', 'invites', 'mine', user.email];
  const invites = useQuery({
    queryKey: key,
    queryFn: () => listInvites(api, { mine: true }).then((all) => all.filter(pending)),
    // Shown once per sign-in or page load: a background refetch must not reopen what the user put off.
    staleTime: Infinity,
  });
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (invites.isError) console.warn('pending invites unavailable', invites.error);
  }, [invites.isError, invites.error]);
  const answer = useMutation({
    mutationFn: ({ invite, accept }: { invite: Invite; accept: boolean }) =>
      answerInvite(api, invite.id, accept),
    onSuccess: (_r, { invite, accept }) => {
      toast.success(
        accept
          ? `Invitation from ${companyOf(invite)} accepted: its licences were added to your account.`
          : `Invitation from ${companyOf(invite)} dismissed.`,
      );
      client.setQueryData<Invite[]>(key, (list) => list?.filter((i) => i.id !== invite.id));
    },
    onError: (e) => toast.error(errorText(e)),
  });

  const list = invites.data ?? [];
  return (
    <Modal
      open={open && list.length > 0}
      onClose={() => setOpen(false)}
      title={list.length === 1 ? 'You have an invitation' : `You have ${list.length} invitations`}
      testId="invites-modal"
      footer={<Button onClick={() => setOpen(false)}>Later</Button>}
    >
      <p className="pu-muted inv-note">
        Accepting adds the inviting company&apos;s licences to your account. Dismissed invitations are not
        shown again.
      </p>
      <ul className="inv-list">
        {list.map((i) => (
          <li key={i.id} className="inv-item" data-testid="invites-item">
            <div>
              <strong>{companyOf(i)}</strong>
              {i.invited && <div className="pu-muted">invited by {i.invited}</div>}
            </div>
            <span className="inv-actions">
              <Button
                variant="primary"
                size="sm"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ invite: i, accept: true })}
                aria-label={`Accept the invitation from ${companyOf(i)}`}
                data-testid="invites-accept"
              >
                Accept
              </Button>
              <Button
                size="sm"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ invite: i, accept: false })}
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

/** Federated expose './InvitesModal' (default export): the shell mounts it outside any MFE's App, so it brings
 * the shared query cache with it. Keyed by the user, so a new sign-in starts with the modal allowed to open. */
export default function InvitesModal(props: MfeOverlayProps) {
  return (
    <QueryProvider>
      <PendingInvites key={props.user.email} {...props} />
    </QueryProvider>
  );
}
