import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { ORDER_STATUS_NAMES, ORDER_TYPES, isStaff, type OrderStatusNumber } from '@portal/contracts';
import {
  Alert,
  Button,
  DataTable,
  EmptyState,
  PageTitle,
  Select,
  TextField,
  errorText,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import { ORDERS_KEY, listOrders, type OrderFilter, type OrderRow } from '../api.js';
import './orders.css';

const typeLabel = (t: string) => ORDER_TYPES[t as keyof typeof ORDER_TYPES] ?? t;
const placed = (iso: string) => new Date(iso).toLocaleString();
const thisMonth = () => new Date().toISOString().slice(0, 7);
const STATUS_OPTIONS = Object.entries(ORDER_STATUS_NAMES).map(([value, label]) => ({ value, label }));

function columns(staff: boolean): ColDef<OrderRow>[] {
  return [
    { field: 'id', headerName: 'Order ID', flex: 1.4 },
    {
      field: 'createdAt',
      headerName: 'Date Placed',
      flex: 1.4,
      valueFormatter: (p) => placed(String(p.value)),
    },
    ...(staff ? [{ field: 'companyKey', headerName: 'Company', flex: 1.2 } as ColDef<OrderRow>] : []),
    {
      field: 'orderType',
      headerName: 'Order Type',
      flex: 1.2,
      valueFormatter: (p) => typeLabel(String(p.value)),
    },
    { field: 'statusName', headerName: 'Status', flex: 1.2 },
  ];
}

/**
 * Outgoing Orders (orders §2 order lists; GET /api/orders): the orders of one month, newest first, by status if
 * chosen. Vendors see their own company's, staff every company's (the service decides). The service pages by
 * cursor; "Load more" fetches the next page into the same table. Sorting columns, search and the edit modal come
 * with the orders issue.
 */
export function OrdersList() {
  const { api } = usePortal();
  const staff = isStaff(useSessionUser()?.role);
  const [month, setMonth] = useState(thisMonth);
  const [status, setStatus] = useState('');
  const filter: OrderFilter = {
    month: month || undefined,
    status: status === '' ? undefined : (Number(status) as OrderStatusNumber),
  };
  const orders = useInfiniteQuery({
    queryKey: [...ORDERS_KEY, filter],
    queryFn: ({ pageParam }) => listOrders(api, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = useMemo(() => orders.data?.pages.flatMap((p) => p.orders) ?? [], [orders.data]);
  const cols = useMemo(() => columns(staff), [staff]);

  return (
    <div data-testid="orders-page">
      <PageTitle>Outgoing Orders</PageTitle>
      <div className="pu-table-toolbar ord-filters">
        <TextField label="Month" type="month" value={month} onChange={setMonth} testId="orders-month" />
        <Select
          label="Status"
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
          placeholder="All statuses"
          testId="orders-status"
        />
      </div>
      {orders.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : orders.isError ? (
        <Alert type="error" testId="orders-error">
          The orders could not be loaded: {errorText(orders.error)}{' '}
          <Button variant="link" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState title="No orders" testId="orders-empty">
          No orders were placed in this month{status === '' ? '' : ' with this status'}. Pick another month,
          or create an order.
        </EmptyState>
      ) : (
        <>
          <DataTable
            rows={rows}
            columns={cols}
            getRowId={(o) => o.id}
            onRefresh={() => void orders.refetch()}
            testId="orders-table"
          />
          {orders.hasNextPage && (
            <Button
              onClick={() => void orders.fetchNextPage()}
              disabled={orders.isFetchingNextPage}
              data-testid="orders-more"
            >
              {orders.isFetchingNextPage ? 'Loading…' : 'Load more orders'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
