import type { CustomCellRendererProps } from 'ag-grid-react';
import type { OrderRow, OrderSortColumn } from '@portal/contracts';
import { Button } from '@portal/ui';
import { DeliveryCell, DriverCell, StatusCell, VehicleCell, dayText } from './cells.js';
import type { FleetNames } from './fleet-names.js';
import type { GridLayout } from './grid-layout.js';
import type { ServerColumn } from './OrderTable.js';

export { DeliveryCell, StatusCell, dayText } from './cells.js';

type Col = ServerColumn<OrderRow, OrderSortColumn> & { colId: string };

/**
 * The columns that tell orders apart (order ID, dates, vendor, destination, status): first, wide enough to read
 * without hovering at 1366 px (names and addresses wrap onto a second line rather than being cut), never hidden
 * all at once. The order ID stays pinned on the left while the others scroll.
 */
export const IDENTIFYING = [
  'orderId',
  'createdAt',
  'pickupDate',
  'deliveryDate',
  'vendor',
  'destName',
  'destination',
  'status',
] as const;

/** Text that wraps (autoHeight grows the row) instead of ending in "…". */
const wrap = { wrapText: true, autoHeight: true } as const;

/**
 * The spec's list columns (orders §2), in pixels, identifying ones first; the rest (pickup address, driver,
 * vehicle, manifest number, box count) scroll horizontally. `names` turns fleet ids into names; a caller who may
 * not read the fleet's drivers (vendors, receivers, drivers) has no Driver column, nor Vehicle without the vehicles.
 * `pickupDriver` (orders.showPickupDriver): the Driver cell names the pickup driver too, with the 24-hour change mark;
 * otherwise it names the order's driver (the delivery leg's, else the pickup leg's) only.
 */
export function orderColumns(names: FleetNames, opts: { pickupDriver?: boolean } = {}): Col[] {
  const date = (field: 'createdAt' | 'pickupDate', headerName: string): Col => ({
    colId: field,
    field,
    headerName,
    sortKey: field,
    width: 104,
    valueFormatter: (p) => dayText(p.value),
  });
  const cols: (Col | false)[] = [
    {
      colId: 'orderId',
      field: 'orderId',
      headerName: 'Order ID',
      sortKey: 'orderId',
      width: 124,
      pinned: 'left',
      lockPinned: true,
    },
    date('createdAt', 'Date Placed'),
    date('pickupDate', 'Approved Pickup Date'),
    {
      colId: 'deliveryDate',
      headerName: 'Approved Delivery Date',
      sortKey: 'deliveryDate',
      width: 104,
      cellRenderer: DeliveryCell,
      ...wrap,
    },
    { colId: 'vendor', field: 'vendor', headerName: 'Vendor', sortKey: 'vendor', width: 136, ...wrap },
    {
      colId: 'destName',
      field: 'destName',
      headerName: 'Dest. Name',
      sortKey: 'destName',
      width: 136,
      ...wrap,
    },
    {
      colId: 'destination',
      field: 'destination',
      headerName: 'Destination',
      sortKey: 'destination',
      width: 140,
      ...wrap,
    },
    {
      colId: 'status',
      headerName: 'Status',
      sortKey: 'status',
      width: 124,
      cellRenderer: StatusCell,
      ...wrap,
    },
    { colId: 'pickup', field: 'pickup', headerName: 'Pickup', sortKey: 'pickup', width: 180, ...wrap },
    names.drivers && {
      colId: 'driver',
      headerName: 'Driver',
      sortKey: 'driver',
      width: 160,
      cellRenderer: DriverCell,
      cellRendererParams: { names: names.driver, showPickup: !!opts.pickupDriver },
      ...wrap,
    },
    names.vehicles && {
      colId: 'vehicle',
      headerName: 'Vehicle',
      sortKey: 'vehicle',
      width: 130,
      cellRenderer: VehicleCell,
      cellRendererParams: { names: names.vehicle },
      ...wrap,
    },
    {
      colId: 'manifestNo',
      field: 'manifestNo',
      headerName: 'Manifest No.',
      sortKey: 'manifestNo',
      width: 130,
    },
    { colId: 'boxCount', field: 'boxCount', headerName: 'Box Count', sortKey: 'boxCount', width: 86 },
  ];
  // every cell laid out as the wrapped ones (top-aligned lines), so a row reads straight across
  return cols.filter((c): c is Col => !!c).map((c) => ({ minWidth: 70, flex: null, wrapText: true, ...c }));
}

/** The user's layout over the default columns: their hidden columns hidden (never the order ID), their widths. */
export function withLayout(cols: Col[], layout: GridLayout): Col[] {
  return cols.map((c) => ({
    ...c,
    hide: c.colId !== 'orderId' && layout.hidden.includes(c.colId),
    width: layout.widths[c.colId] ?? c.width,
  }));
}

/**
 * Admin: Delete on a live order, Undelete on a deleted one (the service keeps it soft: 0/1/2). Pinned right on a
 * wide screen, so it is reachable whatever the scroll; on a phone it is the last column (a pinned pair would
 * leave no room for the rest).
 */
export function deleteColumn(
  onDelete: (r: OrderRow) => void,
  onUndelete: (r: OrderRow) => void,
  pinned: boolean,
): Col {
  return {
    colId: 'actions',
    headerName: '',
    width: 96,
    minWidth: 96,
    flex: null,
    pinned: pinned ? 'right' : null,
    lockPinned: true,
    resizable: false,
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
