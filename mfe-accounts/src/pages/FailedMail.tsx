import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, EmptyState, PageTitle, errorText, toast, usePortal } from '@portal/ui';
import { listFailedMail, resendFailedMail, type FailedMail as Mail } from '../api.js';
import './admin/failedMail.css';

/** The notifications service's job kinds in words a staff member reads (services/notifications/src/jobs/email.ts). */
const KIND_LABELS: Record<string, string> = {
  pin: 'Verification code',
  'reset-code': 'Password reset code',
  'account-verified': 'Account verified',
  'user-applied': 'New application notice',
  invite: 'Invitation',
  feedback: 'Feedback',
  raw: 'Message',
};
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;
const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) || d.getTime() === 0 ? '—' : d.toLocaleString();
};

export const FAILED_MAIL_KEY = ['notifications', 'failed-mail'] as const;

/**
 * Undelivered Mail (staff): mail the notifications service parked after retrying for a day, or that the
 * mail server refused for good. Staff see to whom, what and why, and resend one with a fresh retry schedule. A
 * mail whose code expired cannot be resent (409): the user asks for a new code, which the message says.
 */
export function FailedMail() {
  const { api } = usePortal();
  const client = useQueryClient();
  const list = useQuery({ queryKey: FAILED_MAIL_KEY, queryFn: () => listFailedMail(api) });
  const resend = useMutation({
    mutationFn: (mail: Mail) => resendFailedMail(api, mail.id),
    onSuccess: (r, mail) => toast.success(`${r?.message || 'Email queued again'}: ${mail.to}`),
    onError: (e) => toast.error(errorText(e)),
    // Resent or gone (404) or expired (409): the list from the server is the truth either way.
    onSettled: () => client.invalidateQueries({ queryKey: FAILED_MAIL_KEY }),
  });

  return (
    <div className="fm-page" data-testid="failedmail-page">
      <div className="pu-page-actions">
        <PageTitle>Undelivered Mail</PageTitle>
        <Button
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          data-testid="failedmail-refresh"
        >
          Refresh
        </Button>
      </div>
      <p className="pu-muted fm-intro">
        Mail that could not be delivered after a day of retries, or that the mail server refused. Resend one
        once the cause is fixed; it is retried on the full schedule again.
      </p>
      {list.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : list.isError ? (
        <Alert type="error" testId="failedmail-error">
          The undelivered mail could not be loaded: {errorText(list.error)}{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState title="No undelivered mail" testId="failedmail-empty">
          Every mail the portal sent was delivered, or is still being retried.
        </EmptyState>
      ) : (
        <ul className="fm-list" data-testid="failedmail-list">
          {list.data.map((m) => (
            <li key={m.id} className="pu-card fm-item" data-testid="failedmail-item">
              <div className="fm-what">
                <strong>{kindLabel(m.kind)}</strong>
                <span className="fm-to">to {m.to}</span>
              </div>
              <div className="fm-reason" data-testid="failedmail-reason">
                {m.reason || 'No reason given'}
              </div>
              <div className="pu-muted fm-when">
                Queued {when(m.queuedAt)} · given up {when(m.failedAt)} · {m.attempts} attempt
                {m.attempts === 1 ? '' : 's'}
              </div>
              <Button
                variant="primary"
                size="sm"
                className="fm-resend"
                disabled={resend.isPending}
                onClick={() => resend.mutate(m)}
                aria-label={`Resend the ${kindLabel(m.kind).toLowerCase()} mail to ${m.to}`}
                data-testid="failedmail-resend"
              >
                Resend
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
