/** What a table page gives the design system's table (DataTable renders it; the lazy DataGrid chunk draws it). */
import type { ReactNode } from 'react';
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
  /** Checkboxes to pick rows (a `light` table: the grid registers no selection module). */
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  onRefresh?: () => void;
  editing?: RowEditing<T>;
  quickFilter?: string;
  loading?: boolean;
  toolbar?: ReactNode;
  emptyText?: string;
  testId?: string;
  /** A header row taller than one line (headers that wrap onto two lines). */
  headerHeight?: number;
  /**
   * A read-only list drawn as a plain HTML table (LightTable): no ag-grid download for the page. Display options of
   * the columns only (no editing, row drag, resizing, pinning, header components); sorting, pages, selection and the
   * quick filter work as in the grid.
   */
  light?: boolean;
  /** After the user drags a column's edge: the new widths of the columns it changed, by colId (a user's layout). */
  onColumnResized?: (widths: Record<string, number>) => void;
}
