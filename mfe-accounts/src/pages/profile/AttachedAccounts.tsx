import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Messages, ROLE_LABELS, type Verified } from '@portal/contracts';
import { Alert, Button, DataTable, errorText, toast, usePortal, type RowEditing } from '@portal/ui';
import { getAttached, setAllVerified, setVerified, type Account } from '../../api.js';
import { VERIFIED_VALUES, toVerified, verifiedLabel } from '../verified.js';

const COLUMNS: ColDef<Account>[] = [
  { field: 'email', headerName: 'Email', minWidth: 220, flex: 2 },
  { field: 'name', headerName: 'Name' },
  {
    field: 'role',
    headerName: 'Role',
    valueFormatter: (p) => ROLE_LABELS[p.value as Account['role']] ?? String(p.value ?? ''),
  },
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

/** Other users on the same licences (staff, accounts §2): Verified editable inline, and bulk set. */
export function AttachedAccounts({ email }: { email: string }) {
  const { api } = usePortal();
  const [rows, setRows] = useState<Account[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    getAttached(api, email)
      .then((u) => {
        setRows(u);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => setLoading(false));
  }, [api, email]);
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

  const setAll = async (verified: Verified) => {
    setBusy(true);
    try {
      const r = await setAllVerified(
        api,
        rows.map((u) => u.email),
        verified,
      );
      setRows((prev) => prev.map((u) => ({ ...u, verified })));
      toast.success(r?.message || Messages.profileUpdated);
    } catch (e) {
      toast.error(errorText(e) || Messages.updateUserFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acc-pf-attached" aria-labelledby="acc-pf-attached-title">
      <h2 id="acc-pf-attached-title">Attached Accounts</h2>
      {error && (
        <Alert type="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <DataTable<Account>
        testId="attached-table"
        rows={rows}
        columns={COLUMNS}
        getRowId={(u) => u.id ?? u.email}
        editing={editing}
        loading={loading}
        onRefresh={load}
        emptyText="No other users share these licences."
        toolbar={
          <>
            <Button
              onClick={() => void setAll('suspended')}
              disabled={busy || !rows.length}
              data-testid="attached-set-suspended"
            >
              Set all suspended
            </Button>
            <Button
              onClick={() => void setAll(true)}
              disabled={busy || !rows.length}
              data-testid="attached-set-verified"
            >
              Set all verified
            </Button>
          </>
        }
      />
    </section>
  );
}
