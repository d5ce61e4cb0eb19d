import { useMemo, useState, type FormEvent } from 'react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Messages } from '@portal/contracts';
import {
  Alert,
  Button,
  DataTable,
  PageTitle,
  TextField,
  errorText,
  isEmail,
  toast,
  usePortal,
} from '@portal/ui';
import { listInvites, resendInvite, sendInvite, type Invite as InviteRow } from '../api.js';
import { useServerList } from './admin/useServerList.js';
import './admin/admin.css';

const INVITES_KEY = ['accounts', 'invites', 'company'] as const;

/** Invite states (accounts §4): sent → notified → accepted. */
export function inviteStatus(i: InviteRow): 'Sent' | 'Notified' | 'Accepted' {
  return i.data?.accepted ? 'Accepted' : i.data?.notified ? 'Notified' : 'Sent';
}

const dateText = (d?: string) => (d && !Number.isNaN(Date.parse(d)) ? new Date(d).toLocaleDateString() : '');

function StatusCell({ data }: CustomCellRendererProps<InviteRow>) {
  if (!data) return null;
  const s = inviteStatus(data);
  return <span className={`acc-status acc-status-${s.toLowerCase()}`}>{s}</span>;
}

/** Invite screen (roles 0, 1, 3; accounts §2, §5): invite by email, the company's invites with status, resend. */
export function Invite() {
  const { api } = usePortal();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    rows: invites,
    loading,
    error,
    setError,
    load,
  } = useServerList(INVITES_KEY, () => listInvites(api), 'Your invitations');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim().toLowerCase();
    setEmail(value);
    if (!isEmail(value)) return setFieldError(Messages.inviteEmailInvalid);
    setBusy(true);
    setFieldError(null);
    try {
      const res = await sendInvite(api, value);
      toast.success(res?.message ?? Messages.invited);
      setEmail('');
      load();
    } catch (err) {
      const msg = errorText(err);
      if (msg === Messages.alreadyInvited || msg === Messages.inviteEmailInvalid) setFieldError(msg);
      else setError(msg);
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColDef<InviteRow>[]>(() => {
    const resend = async (i: InviteRow) => {
      try {
        const res = await resendInvite(api, i.id);
        toast.success(res?.message ?? Messages.inviteResent);
      } catch (err) {
        toast.error(errorText(err));
      }
    };
    return [
      { field: 'email', headerName: 'Email', minWidth: 200, flex: 2 },
      {
        colId: 'status',
        headerName: 'Status',
        valueGetter: (p) => (p.data ? inviteStatus(p.data) : ''),
        cellRenderer: StatusCell,
        minWidth: 110,
      },
      { colId: 'date', headerName: 'Invited on', valueGetter: (p) => dateText(p.data?.date), minWidth: 110 },
      { field: 'invited', headerName: 'Invited by', minWidth: 160 },
      {
        colId: 'resend',
        headerName: 'Actions',
        sortable: false,
        minWidth: 110,
        maxWidth: 130,
        cellRenderer: (p: CustomCellRendererProps<InviteRow>) =>
          p.data && !p.data.data?.accepted ? (
            <Button
              size="sm"
              onClick={() => void resend(p.data!)}
              aria-label={`Resend invitation to ${p.data.email}`}
              data-testid="invite-resend"
            >
              Resend
            </Button>
          ) : null,
      },
    ];
  }, [api]);

  return (
    <div data-testid="invite-page">
      <PageTitle>Invite Users</PageTitle>
      <p className="pu-muted">
        Invite someone to join your company: they receive an email with a link to sign up, and once they
        accept, your licences are added to their account.
      </p>
      {error && (
        <Alert type="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <form
        className="pu-card acc-form acc-inline-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="invite-form"
      >
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="off"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setFieldError(null);
          }}
          error={fieldError}
          testId="invite-email"
        />
        <Button type="submit" variant="primary" disabled={busy} data-testid="invite-submit">
          {busy ? 'Inviting…' : 'Invite'}
        </Button>
      </form>
      <h2 className="acc-section">Invitations</h2>
      <DataTable<InviteRow>
        testId="invite-table"
        light
        rows={invites}
        columns={columns}
        getRowId={(i) => i.id}
        loading={loading}
        onRefresh={load}
        emptyText={
          error ? 'No invitations to show.' : 'No invitations yet. Invite someone with the form above.'
        }
      />
    </div>
  );
}
