import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { OrderMessages, type PublicOrderRow } from '@portal/contracts';
import {
  Alert,
  ApiError,
  Button,
  DataTable,
  EmptyState,
  errorText,
  PageTitle,
  TextField,
  usePortal,
  useQuery as useUrlQuery,
} from '@portal/ui';
import { DeliveryCell, StatusCell, dayText } from './columns.js';
import { addDays, mondayOf, publicOrders } from './list-api.js';
import './lists.css';

/** Names and addresses wrap (the row grows) rather than end in "…". */
const wrap = { wrapText: true, autoHeight: true, wrapHeaderText: true } as const;

/**
 * The public columns: they share the width on a wide screen; on a phone each keeps its minimum and the list scrolls
 * sideways with the order ID pinned (like the signed-in lists).
 */
const COLUMNS: ColDef<PublicOrderRow>[] = [
  {
    field: 'orderId',
    headerName: 'Order ID',
    width: 124,
    flex: null,
    pinned: 'left',
    lockPinned: true,
    ...wrap,
  },
  {
    colId: 'deliveryDate',
    headerName: 'Delivery Date',
    flex: 1,
    minWidth: 116,
    cellRenderer: DeliveryCell,
    comparator: (_a, _b, x, y) =>
      dayText(x.data?.deliveryDate ?? x.data?.preferredDelivery).localeCompare(
        dayText(y.data?.deliveryDate ?? y.data?.preferredDelivery),
      ),
    ...wrap,
  },
  { field: 'vendor', headerName: 'Vendor', flex: 1.3, minWidth: 140, ...wrap },
  { field: 'destName', headerName: 'Dest. Name', flex: 1.3, minWidth: 140, ...wrap },
  { field: 'destination', headerName: 'Destination', flex: 1.3, minWidth: 150, ...wrap },
  {
    colId: 'status',
    field: 'statusName',
    headerName: 'Status',
    flex: 1,
    minWidth: 124,
    cellRenderer: StatusCell,
    ...wrap,
  },
  { field: 'boxCount', headerName: 'Box Count', flex: 0.6, minWidth: 90, ...wrap },
];

/**
 * Public Orders (`/dashboard/publicorders?token=`, no login; orders §2): one company's orders of one week, by the
 * link its profile shares (the token is the link's only key; a user id names nothing any more). A week is at most a
 * few hundred rows, so this list sorts on the page.
 */
export function PublicOrders() {
  const { api } = usePortal();
  const url = useUrlQuery();
  const token = url.get('token') ?? '';
  const oldLink = !token && url.has('userid');
  const [week, setWeek] = useState(() => mondayOf());
  const answer = useQuery({
    queryKey: ['orders', 'public', token, week],
    queryFn: () => publicOrders(api, token, week),
    enabled: !!token,
    retry: false,
  });
  const rows = useMemo(() => answer.data?.orders ?? [], [answer.data]);
  return (
    <div data-testid="orders-public">
      <PageTitle>Public Orders</PageTitle>
      {oldLink ? (
        <EmptyState title="This link is out of date" testId="orders-public-oldlink">
          {OrderMessages.publicLinkNeedsToken}
        </EmptyState>
      ) : !token ? (
        <EmptyState title="No company chosen" testId="orders-public-nolink">
          Open this page from the public orders link a company shares: it names whose orders to show.
        </EmptyState>
      ) : answer.error instanceof ApiError && answer.error.status === 404 ? (
        <EmptyState title="This link does not work" testId="orders-public-badlink">
          {OrderMessages.publicLinkInvalid}
        </EmptyState>
      ) : (
        <>
          <div className="ord-filters">
            <Button onClick={() => setWeek(addDays(week, -7))} data-testid="public-prev">
              ‹ Previous week
            </Button>
            <TextField
              label="Week of"
              type="date"
              value={week}
              onChange={(v) => v && setWeek(mondayOf(v))}
              testId="public-week"
            />
            <Button onClick={() => setWeek(addDays(week, 7))} data-testid="public-next">
              Next week ›
            </Button>
          </div>
          {answer.isPending ? (
            <div className="pu-page-loading" aria-busy="true" />
          ) : answer.isError ? (
            <Alert type="error" testId="orders-error">
              The orders could not be loaded: {errorText(answer.error)}
            </Alert>
          ) : rows.length === 0 ? (
            <EmptyState title="No orders this week" testId="orders-empty">
              No orders are scheduled for the week of {week}. Try the next or the previous week.
            </EmptyState>
          ) : (
            <div className="ord-public">
              <DataTable
                rows={rows}
                columns={COLUMNS}
                getRowId={(r) => r.orderId}
                headerHeight={52}
                testId="orders-public-table"
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
