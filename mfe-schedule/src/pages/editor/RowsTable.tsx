import type { KeyboardEvent } from 'react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Button, DataTable, useIsMobile } from '@portal/ui';
import { clip, daysText } from '../../days.js';
import type { RowDraft } from './draft.js';

interface Props {
  rows: RowDraft[];
  onEdit: (row: RowDraft) => void;
  onRemove: (row: RowDraft) => void;
}

// Text, not ag-grid's boolean checkboxes: a disabled checkbox in a read-only table reads as something to click.
const flag = (f: 'biWeekly' | 'overnight', headerName: string): ColDef<RowDraft> => ({
  colId: f,
  headerName,
  flex: 0.7,
  minWidth: 90,
  valueGetter: (p) => (p.data?.[f] ? 'Yes' : ''),
});
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The route's location rows (orders §2): the days text cut at 50 characters, the whole of it as the tooltip. At
 * 700 px the flags and the price give way to the actions (the row dialog shows them all).
 */
export function RowsTable({ rows, onEdit, onRemove }: Props) {
  const mobile = useIsMobile();
  const columns: ColDef<RowDraft>[] = [
    { field: 'city', headerName: 'City', flex: 1.2, minWidth: 110 },
    { field: 'zipCode', headerName: 'Zip Code', flex: 0.7, minWidth: 90 },
    {
      colId: 'days',
      headerName: 'Days',
      flex: 2.2,
      minWidth: 160,
      valueGetter: (p) => (p.data ? daysText(p.data.dayOfTheWeek) : ''),
      cellRenderer: (p: CustomCellRendererProps<RowDraft>) => (
        <span title={String(p.value ?? '')} data-testid="row-days">
          {clip(String(p.value ?? ''))}
        </span>
      ),
    },
    flag('biWeekly', 'Bi-weekly'),
    flag('overnight', 'Overnight'),
    {
      field: 'price',
      headerName: 'Standard Price',
      flex: 0.8,
      minWidth: 110,
      valueFormatter: (p) => (p.value ? money.format(Number(p.value)) : ''),
    },
    {
      colId: 'actions',
      headerName: '',
      minWidth: 150,
      sortable: false,
      cellRenderer: (p: CustomCellRendererProps<RowDraft>) =>
        p.data ? (
          <span className="pu-row-actions">
            <Button size="sm" onClick={() => onEdit(p.data!)} aria-label={`Edit ${p.data.city || 'row'}`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="link"
              onClick={() => onRemove(p.data!)}
              aria-label={`Remove ${p.data.city || 'row'}`}
            >
              Remove
            </Button>
          </span>
        ) : null,
    },
  ];
  const hidden = new Set(mobile ? ['biWeekly', 'overnight', 'price'] : []);
  // ag-grid keeps Tab on its cells, never on the buttons inside them: Enter on any cell of a row edits that row, so
  // the rows work from the keyboard too (ag-grid's row element carries the row's key as row-id).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLElement) || e.target.closest('button')) return;
    const key = e.target.closest('.ag-row')?.getAttribute('row-id');
    const row = rows.find((r) => r.key === key);
    if (row) onEdit(row);
  };
  return (
    <div onKeyDown={onKeyDown} role="presentation">
      <DataTable
        rows={rows}
        columns={columns.filter((c) => !hidden.has(c.colId ?? c.field ?? ''))}
        getRowId={(r) => r.key}
        emptyText="No locations yet: add the cities and zip codes this route serves."
        testId="route-rows"
      />
    </div>
  );
}
