import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Messages, ROLE_LABELS } from '@portal/contracts';
import { Alert, Checkbox, DataTable, PageTitle, TextField, errorText, toast, usePortal, type RowEditing } from '@portal/ui';
import { listUsers, setVerified, type Account } from '../api.js';
import { VERIFIED_VALUES, toVerified, verifiedLabel } from './verified.js';

const COLUMNS: ColDef<Account>[] = [
  { field: 'email', headerName: 'Email', minWidth: 230, flex: 2 },
  { field: 'name', headerName: 'Name' },
  { field: 'role', headerName: 'Role', valueFormatter: (p) => ROLE_LABELS[p.value as Account['role']] ?? String(p.value ?? '') },
  { field: 'company', headerName: 'Company', flex: 1.5 },
  {
    colId: 'verified',
    headerName: 'Verified',
    editable: true,
    cellDataType: 'text',
    valueGetter: (p) => String(p.data?.verified ?? false),
    valueSetter: (p) => {
      p.data.verified = toVerified(String(p.newValue));
      return true;
    },
    valueFormatter: (p) => verifiedLabel(String(p.value)),
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: [...VERIFIED_VALUES] },
  },
];

/** Accounts list (admin, accounts §2): search, "Show Non Verified Users", Verified editable inline. */
export function Accounts() {
  const { api } = usePortal();
  const [users, setUsers] = useState<Account[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [onlyNonVerified, setOnlyNonVerified] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    listUsers(api)
      .then((u) => {
        setUsers(u);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => setLoading(false));
  }, [api]);
  useEffect(load, [load]);

  const editing = useMemo<RowEditing<Account>>(
    () => ({
      async onSave(row) {
        try {
          await setVerified(api, row.email, row.verified);
          toast.success(Messages.profileUpdated);
        } catch (e) {
          toast.error(errorText(e) || Messages.updateUserFailed);
          throw e;
        }
      },
    }),
    [api],
  );

  const rows = onlyNonVerified ? users.filter((u) => u.verified !== true) : users;
  return (
    <div data-testid="accounts-page">
      <PageTitle>Accounts</PageTitle>
      {error && <Alert type="error" onClose={() => setError(null)}>{error}</Alert>}
      <DataTable<Account>
        testId="accounts-table"
        rows={rows}
        columns={COLUMNS}
        getRowId={(u) => u.id ?? u.email}
        editing={editing}
        loading={loading}
        onRefresh={load}
        quickFilter={search}
        emptyText={onlyNonVerified ? 'Every account is verified.' : 'No accounts yet.'}
        toolbar={
          <>
            <TextField placeholder="Search" aria-label="Search accounts" value={search} onChange={setSearch} testId="accounts-search" />
            <Checkbox label="Show Non Verified Users" checked={onlyNonVerified} onChange={setOnlyNonVerified} testId="accounts-nonverified" />
          </>
        }
      />
    </div>
  );
}
