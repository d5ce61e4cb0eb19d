import { lazy, Suspense, type ReactNode } from 'react';
import type { DataTableProps } from './data-table-props.js';

export type { DataTableProps, RowEditing } from './data-table-props.js';

// ag-grid is ~80 % of the design system's weight: it is fetched only when a page renders a table, so
// /login and table-less pages never download it. The chunk is cached for the next table.
const DataGrid = lazy(() => import(/* webpackChunkName: "data-grid" */ './DataGrid.js'));
// A read-only list needs none of ag-grid: plain HTML, a few KB, also on demand.
const LightTable = lazy(() => import(/* webpackChunkName: "light-table" */ './LightTable.js'));

/**
 * The generic table (accounts §2): pages 25/50/100, refresh, inline row editing (ag-grid); `light` for a read-only
 * list (plain HTML), which may also select rows.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const Grid = (props.light ? LightTable : DataGrid) as unknown as (p: DataTableProps<T>) => ReactNode;
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
