import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { ColDef, CellClickedEvent, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { ROLE_LABELS } from '@portal/contracts';
import { Link } from '@portal/ui';
import type { Account } from '../../api.js';
import { VERIFIED_VALUES, toVerified, verifiedLabel } from '../verified.js';
import type { CsvColumn } from './csv.js';

/** The mismatch marker's text (accounts §2: the account does not match any known customer). */
export const QB_MISMATCH_TEXT = 'This account does not match any customer in the accounting system';

export const editAccountPath = (email: string) => `/dashboard/editAccount?email=${encodeURIComponent(email)}`;
export const roleText = (r: Account['role']) => ROLE_LABELS[r] ?? String(r ?? '');

/** The marker with its tooltip; the tooltip is rendered into document.body so the grid cell does not clip it. */
function QbMark() {
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const show = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    setAt({ left: r.left, top: r.bottom + 6 });
  };
  return (
    <>
      <span
        className="acc-qb-mark"
        tabIndex={0}
        role="img"
        aria-label={QB_MISMATCH_TEXT}
        data-testid="accounts-qb-mismatch"
        onMouseEnter={(e) => show(e.currentTarget)}
        onFocus={(e) => show(e.currentTarget)}
        onMouseLeave={() => setAt(null)}
        onBlur={() => setAt(null)}
        onClick={(e) => e.stopPropagation()}
      >
        !
      </span>
      {at &&
        createPortal(
          <div
            className="acc-tooltip"
            role="tooltip"
            style={{ left: at.left, top: at.top }}
            data-testid="accounts-qb-tooltip"
          >
            {QB_MISMATCH_TEXT}
          </div>,
          document.body,
        )}
    </>
  );
}

/** Email cell: a link to Edit Account (keyboard reachable) and, on a mismatch, a focusable marker with a tooltip. */
function EmailCell({ data }: CustomCellRendererProps<Account>) {
  if (!data) return null;
  return (
    <span className="acc-email-cell">
      {data.qbMismatch && <QbMark />}
      <Link
        to={editAccountPath(data.email)}
        onClick={(e) => e.stopPropagation()}
        data-testid="accounts-edit-link"
      >
        {data.email}
      </Link>
    </span>
  );
}

/** Accounts list columns; a click on (or Enter in) any read-only cell opens Edit Account. */
export function accountColumns(open: (email: string) => void): ColDef<Account>[] {
  const onCellClicked = (e: CellClickedEvent<Account>) => {
    if (e.data && !e.api.getEditingCells().some((c) => c.rowIndex === e.rowIndex)) open(e.data.email);
  };
  // Keyboard: Enter on a focused read-only cell opens the account, as a click does.
  const suppressKeyboardEvent = (p: SuppressKeyboardEventParams<Account>) => {
    if (p.event.type !== 'keydown' || p.event.key !== 'Enter' || p.editing || !p.data) return false;
    open(p.data.email);
    return true;
  };
  const opens = { onCellClicked, suppressKeyboardEvent };
  return [
    { field: 'email', headerName: 'Email', minWidth: 230, flex: 2, cellRenderer: EmailCell, ...opens },
    { field: 'name', headerName: 'Name', ...opens },
    {
      field: 'role',
      headerName: 'Role',
      valueFormatter: (p) => roleText(p.value as Account['role']),
      ...opens,
    },
    { field: 'company', headerName: 'Company', flex: 1.5, ...opens },
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
}

/** The same visible columns as text, for search and the CSV export. */
export const ACCOUNT_CSV: CsvColumn<Account>[] = [
  { header: 'Email', value: (a) => a.email },
  { header: 'Name', value: (a) => a.name ?? '' },
  { header: 'Role', value: (a) => roleText(a.role) },
  { header: 'Company', value: (a) => a.company ?? '' },
  { header: 'Verified', value: (a) => verifiedLabel(a.verified) },
];

export function matchesSearch(a: Account, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || ACCOUNT_CSV.some((c) => String(c.value(a)).toLowerCase().includes(q));
}
