import { lazy, Suspense, type ReactNode } from 'react';
import type { ColDef } from 'ag-grid-community';

export interface RowEditing<T> {
  /** Called after Save with the edited row and a copy taken when editing started; a rejection restores the copy. */
  onSave(row: T, before: T): Promise<void> | void;
  onDelete?(row: T): Promise<void> | void;
  /** The confirm text before Delete; defaults to a generic question. */
  confirmDelete?: string;
}

export interface DataTableProps<T> {
  rows: T[];
  columns: ColDef<T>[];
  getRowId?: (row: T) => string;
  pageSize?: number;
  pageSizes?: number[];
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  reorderable?: boolean;
  onReorder?: (rows: T[]) => void;
  onRefresh?: () => void;
  editing?: RowEditing<T>;
  quickFilter?: string;
  loading?: boolean;
  toolbar?: ReactNode;
  emptyText?: string;
  testId?: string;
  /** A header row taller than one line (headers that wrap onto two lines). */
  headerHeight?: number;
  /** After the user drags a column's edge: the new widths of the columns it changed, by colId (a user's layout). */
  onColumnResized?: (widths: Record<string, number>) => void;
}

// ag-grid is ~80 % of the design system's weight: it is fetched only when a page renders a table (issue 9), so
// /login and table-less pages never download it. The chunk is cached for the next table.
const DataGrid = lazy(() => import(/* webpackChunkName: "data-grid" */ './DataGrid.js'));

/** The generic table (accounts §2): pages 25/50/100, selection, drag reorder, refresh, inline row editing. */
export function DataTable<T>(props: DataTableProps<T>) {
  const Grid = DataGrid as unknown as (p: DataTableProps<T>) => ReactNode;
  return (
    <Suspense
      fallback={
        <div className="pu-table pu-table-loading" aria-busy="true">
          <span className="pu-muted">Loading table…</span>
        </div>
      }
    >
      <Grid {...props} />
    </Suspense>
  );
}
