import { useMemo, useState } from 'react';
import { Messages } from '@portal/contracts';
import {
  Alert,
  Button,
  Checkbox,
  DataTable,
  PageTitle,
  TextField,
  errorText,
  toast,
  usePortal,
  type RowEditing,
} from '@portal/ui';
import { compareCustomers, listUsers, setVerified, type Account } from '../api.js';
import { ACCOUNT_CSV, accountColumns, editAccountPath, matchesSearch } from './admin/accountColumns.js';
import { datedFileName, downloadText, toCsv } from './admin/csv.js';
import { useServerList } from './admin/useServerList.js';
import './admin/admin.css';

export const ACCOUNTS_KEY = ['accounts', 'users'] as const;

/** The result of a Sync Quickbooks run as one sentence. */
function syncSummary(checked: number | undefined, mismatches: number): string {
  const n = checked === undefined ? '' : `${checked} account${checked === 1 ? '' : 's'} checked; `;
  return mismatches
    ? `QuickBooks sync finished: ${n}${mismatches} do${mismatches === 1 ? 'es' : ''} not match any customer.`
    : `QuickBooks sync finished: ${n}every account matches a customer.`;
}

/** Accounts list (admin, accounts §2): search, non-verified filter, CSV export, Sync Quickbooks, Create Account. */
export function Accounts() {
  const { api, navigate } = usePortal();
  const {
    rows: users,
    setRows: setUsers,
    loading,
    error,
    setError,
    load,
  } = useServerList(ACCOUNTS_KEY, () => listUsers(api), 'The accounts');
  const [search, setSearch] = useState('');
  const [onlyNonVerified, setOnlyNonVerified] = useState(false);
  const [syncing, setSyncing] = useState(false);

  const columns = useMemo(() => accountColumns((email) => navigate(editAccountPath(email))), [navigate]);
  const editing = useMemo<RowEditing<Account>>(
    () => ({
      async onSave(row) {
        try {
          await setVerified(api, row.email, row.verified);
          setUsers((list) => list.map((u) => (u.email === row.email ? { ...u, verified: row.verified } : u)));
          toast.success(Messages.profileUpdated);
        } catch (e) {
          toast.error(errorText(e) || Messages.updateUserFailed);
          throw e;
        }
      },
    }),
    [api, setUsers],
  );

  const rows = useMemo(
    () => users.filter((u) => (!onlyNonVerified || u.verified !== true) && matchesSearch(u, search)),
    [users, onlyNonVerified, search],
  );

  const exportCsv = () => {
    downloadText(datedFileName('accounts'), toCsv(rows, ACCOUNT_CSV));
    toast.success(`Exported ${rows.length} account${rows.length === 1 ? '' : 's'}.`);
  };

  const syncQuickbooks = async () => {
    setSyncing(true);
    try {
      const r = await compareCustomers(api);
      toast.success(syncSummary(r.checked, r.mismatches?.length ?? 0));
      load();
    } catch (e) {
      toast.error(`QuickBooks sync failed: ${errorText(e)}`);
    } finally {
      setSyncing(false);
    }
  };

  const mismatches = users.filter((u) => u.qbMismatch).length;
  return (
    <div className="acc-accounts" data-testid="accounts-page">
      <PageTitle
        actions={
          <Button
            variant="primary"
            onClick={() => navigate('/dashboard/admin')}
            data-testid="accounts-create"
          >
            Create Account
          </Button>
        }
      >
        Accounts
      </PageTitle>
      {error && (
        <Alert type="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {syncing && (
        <div className="acc-progress" role="status" data-testid="accounts-sync-progress">
          <span>Comparing accounts with the customers in QuickBooks…</span>
          <div className="acc-progress-bar" role="progressbar" aria-label="QuickBooks sync in progress" />
        </div>
      )}
      {!syncing && mismatches > 0 && (
        <p className="pu-muted acc-note" data-testid="accounts-qb-summary">
          <span className="acc-qb-mark" aria-hidden="true">
            !
          </span>{' '}
          {mismatches === 1 ? '1 account matches' : `${mismatches} accounts match`} no customer in the
          accounting system.
        </p>
      )}
      <DataTable<Account>
        testId="accounts-table"
        rows={rows}
        columns={columns}
        getRowId={(u) => u.id ?? u.email}
        editing={editing}
        loading={loading}
        onRefresh={load}
        emptyText={
          error && !users.length
            ? 'No accounts to show.'
            : search.trim()
              ? 'No account matches the search.'
              : onlyNonVerified
                ? 'Every account is verified.'
                : 'No accounts yet.'
        }
        toolbar={
          <>
            <TextField
              placeholder="Search"
              aria-label="Search accounts"
              value={search}
              onChange={setSearch}
              testId="accounts-search"
            />
            <Checkbox
              label="Show Non Verified Users"
              checked={onlyNonVerified}
              onChange={setOnlyNonVerified}
              testId="accounts-nonverified"
            />
            <Button onClick={exportCsv} disabled={loading || rows.length === 0} data-testid="accounts-export">
              Export CSV
            </Button>
            <Button
              onClick={() => void syncQuickbooks()}
              disabled={syncing}
              aria-busy={syncing}
              data-testid="accounts-sync"
            >
              {syncing ? 'Syncing…' : 'Sync Quickbooks'}
            </Button>
          </>
        }
      />
    </div>
  );
}
