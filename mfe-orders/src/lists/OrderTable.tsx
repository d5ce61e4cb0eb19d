import { useMemo, type ReactNode } from 'react';
import type { CellClickedEvent, ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { CustomHeaderProps } from 'ag-grid-react';
import { Button, DataTable } from '@portal/ui';

export type SortDir = 'asc' | 'desc';
export interface Sort<K extends string> {
  key: K;
  dir: SortDir;
}

/** A column whose header sorts on the server: `sortKey` is what the list call's `sort` names. */
export type ServerColumn<T, K extends string> = ColDef<T> & { sortKey?: K };

interface HeaderParams<K extends string> {
  sortKey?: K;
  sort: Sort<K>;
  onSort: (s: Sort<K>) => void;
}

/**
 * A header that asks the server for the order instead of sorting the page it holds (ag-grid's client-side sort
 * would order only the 50 rows on screen). A real <button>: Tab reaches it, Enter and Space sort.
 */
function SortHeader<K extends string>(p: CustomHeaderProps & HeaderParams<K>) {
  const { displayName, sortKey, sort, onSort } = p;
  if (!sortKey) return <span className="ord-head">{displayName}</span>;
  const active = sort.key === sortKey;
  const next: SortDir = active && sort.dir === 'asc' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      className={`ord-head ord-head-sort${active ? ' ord-head-active' : ''}`}
      aria-label={`Sort by ${displayName}${active ? `, now ${sort.dir === 'asc' ? 'ascending' : 'descending'}` : ''}`}
      data-testid={`sort-${sortKey}`}
      onClick={() => onSort({ key: sortKey, dir: next })}
    >
      {displayName}
      <span aria-hidden="true" className="ord-sort-mark">
        {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

export interface OrderTableProps<T, K extends string> {
  rows: T[];
  columns: ServerColumn<T, K>[];
  getRowId: (row: T) => string;
  sort: Sort<K>;
  onSort: (s: Sort<K>) => void;
  /** Row click / Enter opens the order (absent on incoming and public lists: spec §2). */
  onOpen?: (row: T) => void;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  /** "Orders 1–50 of about 1,234": the service's cheap count, when it sends one. */
  total?: number | null;
  pageSize: number;
  loading?: boolean;
  onRefresh?: () => void;
  testId: string;
  /** Above the grid, beside Refresh (the column chooser). */
  toolbar?: ReactNode;
  /** The user dragged a column's edge: the new widths by colId. */
  onColumnResized?: (widths: Record<string, number>) => void;
}

/**
 * The orders lists' grid: @portal/ui's DataTable showing exactly one server page, with server-side sort (SortHeader)
 * and explicit pages (Previous/Next). DataTable has no server row model yet; this is the candidate for one.
 */
export function OrderTable<T, K extends string>(props: OrderTableProps<T, K>) {
  const { columns, sort, onSort, onOpen, rows, page, pageSize, total } = props;
  const cols = useMemo<ColDef<T>[]>(() => {
    const onCellClicked = onOpen
      ? (e: CellClickedEvent<T>) => {
          if (e.data && !(e.event?.target as HTMLElement | null)?.closest('button,a')) onOpen(e.data);
        }
      : undefined;
    // Enter on a focused cell opens the order, as a click does (keyboard use).
    const suppressKeyboardEvent = (p: SuppressKeyboardEventParams<T>) => {
      if (!onOpen || p.event.type !== 'keydown' || p.event.key !== 'Enter' || !p.data) return false;
      if ((p.event.target as HTMLElement).closest('button,a')) return false;
      // After the grid has finished with this key: opened inside its handler, the dialog lost the focus back to
      // the cell behind it, and Escape no longer reached the dialog.
      const row = p.data;
      setTimeout(() => onOpen(row), 0);
      return true;
    };
    return columns.map(({ sortKey, ...c }) => ({
      ...c,
      sortable: false,
      headerComponent: SortHeader,
      headerComponentParams: { sortKey, sort, onSort },
      onCellClicked,
      suppressKeyboardEvent,
    }));
  }, [columns, sort, onSort, onOpen]);

  const first = page * pageSize + 1;
  const last = page * pageSize + rows.length;
  return (
    // a row that opens shows the hand (the grid's CSS, not cellClass: no ag-grid module for it)
    <div className={`ord-table${onOpen ? ' ord-table-opens' : ''}`} data-testid={props.testId}>
      <DataTable
        rows={rows}
        columns={cols}
        getRowId={props.getRowId}
        pageSize={Math.max(pageSize, rows.length, 1)}
        pageSizes={[Math.max(pageSize, rows.length, 1)]}
        loading={props.loading}
        onRefresh={props.onRefresh}
        toolbar={props.toolbar}
        headerHeight={52}
        onColumnResized={props.onColumnResized}
        testId={`${props.testId}-grid`}
      />
      <nav className="ord-pager" aria-label="Pages">
        <span className="pu-muted" data-testid={`${props.testId}-range`}>
          {rows.length ? `Orders ${first}–${last}` : 'No orders'}
          {total != null ? ` of ${total.toLocaleString()}` : ''}
        </span>
        <Button
          size="sm"
          disabled={page === 0 || props.loading}
          onClick={() => props.onPage(page - 1)}
          data-testid={`${props.testId}-prev`}
        >
          ‹ Previous
        </Button>
        <span aria-live="polite">Page {page + 1}</span>
        <Button
          size="sm"
          disabled={!props.hasNext || props.loading}
          onClick={() => props.onPage(page + 1)}
          data-testid={`${props.testId}-next`}
        >
          Next ›
        </Button>
      </nav>
    </div>
  );
}
