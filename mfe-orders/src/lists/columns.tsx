import type { CustomCellRendererProps } from 'ag-grid-react';
import type { OrderRow, OrderSortColumn } from '@portal/contracts';
import { Button } from '@portal/ui';
import { addDays } from './list-api.js';
import type { ServerColumn } from './OrderTable.js';

type Col = ServerColumn<OrderRow, OrderSortColumn>;

/** A day as the lists show it ('YYYY-MM-DD' of the stored UTC date), '' when none. */
export const dayText = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** Status colours by number (icon + name: the colour is never the only cue). */
const STATUS_TONE = ['grey', 'blue', 'purple', 'green', 'orange', 'red', 'red', 'teal', 'grey'];

export function StatusCell({ data }: CustomCellRendererProps<{ status: number; statusName: string }>) {
  if (!data) return null;
  return (
    <span className="ord-status" data-testid="order-status-cell">
      <span className={`ord-dot ord-tone-${STATUS_TONE[data.status] ?? 'grey'}`} aria-hidden="true" />
      {data.statusName}
    </span>
  );
}

/**
 * Approved Delivery Date: an overnight delivery shows a clock and the date plus one day (orders §2); without an
 * approved date the preferred one, marked as such.
 */
export function DeliveryCell({
  data,
}: CustomCellRendererProps<Pick<OrderRow, 'deliveryDate' | 'preferredDelivery' | 'overnight'>>) {
  if (!data) return null;
  const day = dayText(data.deliveryDate);
  if (!day) return <span className="pu-muted">{dayText(data.preferredDelivery)} (preferred)</span>;
  if (!data.overnight) return <span>{day}</span>;
  return (
    <span title="Overnight delivery" data-testid="order-overnight">
      <svg className="ord-clock" role="img" aria-label="Overnight" viewBox="0 0 16 16" width="14" height="14">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M8 4.2V8l2.6 1.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>{' '}
      {addDays(day, 1)}
    </span>
  );
}

/** The spec's list columns (orders §2), widths as shares of the row; `compact` for the 700 px layout. */
export function orderColumns(compact: boolean): Col[] {
  const all: (Col & { compact?: boolean })[] = [
    { field: 'orderId', headerName: 'Order ID', sortKey: 'orderId', flex: 1.1, minWidth: 104, compact: true },
    {
      field: 'createdAt',
      headerName: 'Date Placed',
      sortKey: 'createdAt',
      flex: 1,
      valueFormatter: (p) => dayText(p.value),
    },
    {
      field: 'pickupDate',
      headerName: 'Approved Pickup Date',
      sortKey: 'pickupDate',
      flex: 1,
      valueFormatter: (p) => dayText(p.value),
    },
    {
      colId: 'deliveryDate',
      headerName: 'Approved Delivery Date',
      sortKey: 'deliveryDate',
      flex: 1.1,
      cellRenderer: DeliveryCell,
      compact: true,
    },
    { field: 'vendor', headerName: 'Vendor', sortKey: 'vendor', flex: 1.3, compact: true },
    { field: 'pickup', headerName: 'Pickup', sortKey: 'pickup', flex: 1.3 },
    { field: 'destName', headerName: 'Dest. Name', sortKey: 'destName', flex: 1.3, compact: true },
    { field: 'destination', headerName: 'Destination', sortKey: 'destination', flex: 1.3 },
    {
      colId: 'status',
      headerName: 'Status',
      sortKey: 'status',
      flex: 1.1,
      cellRenderer: StatusCell,
      compact: true,
    },
    { field: 'driver', headerName: 'Driver', sortKey: 'driver', flex: 0.9 },
    { field: 'vehicle', headerName: 'Vehicle', sortKey: 'vehicle', flex: 0.8 },
    { field: 'manifestNo', headerName: 'Manifest No.', sortKey: 'manifestNo', flex: 0.9 },
    { field: 'boxCount', headerName: 'Box Count', sortKey: 'boxCount', flex: 0.6 },
  ];
  return all
    .filter((c) => !compact || c.compact)
    .map(({ compact: _c, ...c }) => ({ minWidth: compact ? 90 : 78, ...c }));
}

/** Admin: Delete on a live order, Undelete on a deleted one (the service keeps it soft: 0/1/2). */
export function deleteColumn(onDelete: (r: OrderRow) => void, onUndelete: (r: OrderRow) => void): Col {
  return {
    colId: 'actions',
    headerName: '',
    minWidth: 110,
    maxWidth: 120,
    cellRenderer: ({ data }: CustomCellRendererProps<OrderRow>) =>
      !data ? null : data.deleted === 0 ? (
        <Button size="sm" variant="danger" onClick={() => onDelete(data)} data-testid="row-delete">
          Delete
        </Button>
      ) : (
        <Button size="sm" onClick={() => onUndelete(data)} data-testid="row-undelete">
          Undelete
        </Button>
      ),
  };
}
