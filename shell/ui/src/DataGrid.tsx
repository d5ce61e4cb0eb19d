// ag-grid lives only in this module and grid.ts: DataTable imports it lazily (the browser budget).
import { useCallback, useMemo, useRef } from 'react';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import type { ColDef, GridApi, RowEditingStartedEvent, RowValueChangedEvent } from 'ag-grid-community';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contracts';
import { gridTheme } from './grid.js';
import { Button } from './Button.js';
import { TableToolbar } from './TableToolbar.js';
import type { DataTableProps, RowEditing } from './data-table-props.js';

const ACTIONS = '__actions';

function isEditing<T>(api: GridApi<T>, rowIndex: number | null): boolean {
  return api.getEditingCells().some((c) => c.rowIndex === rowIndex);
}

function RowActions<T>(p: CustomCellRendererProps<T> & { editing: RowEditing<T>; firstEditable: string }) {
  const { api, node, editing, firstEditable } = p;
  const index = node.rowIndex;
  if (index == null) return null;
  if (isEditing(api, index)) {
    return (
      <span className="pu-row-actions">
        <Button size="sm" variant="primary" onClick={() => api.stopEditing(false)}>
          Save
        </Button>
        <Button size="sm" onClick={() => api.stopEditing(true)}>
          Cancel
        </Button>
      </span>
    );
  }
  const remove = async () => {
    if (!editing.onDelete || !node.data) return;
    if (!window.confirm(editing.confirmDelete ?? 'Delete this row?')) return;
    await editing.onDelete(node.data);
  };
  return (
    <span className="pu-row-actions">
      <Button size="sm" onClick={() => api.startEditingCell({ rowIndex: index, colKey: firstEditable })}>
        Edit
      </Button>
      {editing.onDelete && (
        <Button size="sm" variant="danger" onClick={() => void remove()}>
          Delete
        </Button>
      )}
    </span>
  );
}

/** The ag-grid table behind DataTable; loaded on demand (its own chunk), so pages without a table never fetch it. */
export default function DataGrid<T>(props: DataTableProps<T>) {
  const { rows, columns, editing, pageSizes = [...PAGE_SIZES] } = props;
  const pageSize = props.pageSize ?? DEFAULT_PAGE_SIZE;
  const before = useRef<T | null>(null);

  const colDefs = useMemo<ColDef<T>[]>(() => {
    const cols: ColDef<T>[] = [];
    cols.push(...columns.map((c) => ({ ...c, editable: editing ? (c.editable ?? false) : false })));
    if (editing) {
      const first = columns.find((c) => c.editable) ?? columns[0];
      const firstEditable = first?.colId ?? first?.field ?? '';
      cols.push({
        colId: ACTIONS,
        headerName: 'Actions',
        sortable: false,
        minWidth: 170,
        maxWidth: 200,
        cellRenderer: RowActions,
        cellRendererParams: { editing, firstEditable: String(firstEditable) },
      });
    }
    return cols;
  }, [columns, editing]);

  const refreshActions = useCallback(
    (api: GridApi<T>) => api.refreshCells({ columns: [ACTIONS], force: true }),
    [],
  );

  const onEditStart = useCallback(
    (e: RowEditingStartedEvent<T>) => {
      before.current = e.data ? structuredClone(e.data) : null;
      refreshActions(e.api);
    },
    [refreshActions],
  );

  const onRowValueChanged = useCallback(
    async (e: RowValueChangedEvent<T>) => {
      const prev = before.current;
      if (!editing || !e.data || !prev || JSON.stringify(prev) === JSON.stringify(e.data)) return;
      try {
        await editing.onSave(e.data, prev);
      } catch {
        e.node.setData(prev);
      }
    },
    [editing],
  );

  return (
    <div className="pu-table" data-testid={props.testId}>
      <TableToolbar toolbar={props.toolbar} onRefresh={props.onRefresh} testId={props.testId} />
      <AgGridReact<T>
        theme={gridTheme}
        rowData={rows}
        columnDefs={colDefs}
        defaultColDef={{ flex: 1, minWidth: 110, sortable: true, resizable: true }}
        getRowId={props.getRowId ? (p) => props.getRowId!(p.data) : undefined}
        domLayout="autoHeight"
        pagination
        paginationPageSize={pageSize}
        paginationPageSizeSelector={rows.length > Math.min(...pageSizes) ? pageSizes : false}
        editType="fullRow"
        suppressClickEdit
        onRowEditingStarted={onEditStart}
        onRowEditingStopped={(e) => refreshActions(e.api)}
        onRowValueChanged={(e) => void onRowValueChanged(e)}
        quickFilterText={props.quickFilter}
        loading={props.loading}
        headerHeight={props.headerHeight}
        onColumnResized={(e) => {
          if (!props.onColumnResized || !e.finished || e.source !== 'uiColumnResized') return;
          const widths: Record<string, number> = {};
          // the event's columns (no column API: that would need one more ag-grid module)
          for (const c of e.columns ?? []) widths[c.getColId()] = c.getActualWidth();
          props.onColumnResized(widths);
        }}
        overlayNoRowsTemplate={`<span class="pu-muted">${props.emptyText ?? 'No rows to show.'}</span>`}
      />
    </div>
  );
}
