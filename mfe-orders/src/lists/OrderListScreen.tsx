import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DRIVER_LIST_LIMITS,
  switchValue,
  type ConfigSwitch,
  type OrderListKind,
  type OrderListParams,
  type OrderRow,
} from '@portal/contracts';
import {
  Alert,
  Button,
  Checkbox,
  EmptyState,
  errorText,
  navigateTo,
  PageTitle,
  Select,
  TextField,
  toast,
  useIsMobile,
  usePortal,
  useQuery as useUrlQuery,
  useSessionUser,
} from '@portal/ui';
import { deleteOrder, ORDERS_KEY, orderKey, undeleteOrder } from '../api.js';
import { SyncManifests } from '../metrc/SyncManifests.js';
import { ColumnChooser } from './ColumnChooser.js';
import { deleteColumn, orderColumns, withLayout } from './columns.js';
import { useFleetNames } from './fleet-names.js';
import { layoutKey, useGridLayout } from './grid-layout.js';
import { mondayOf } from './list-api.js';
import { OrderTable } from './OrderTable.js';
import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS, useDebounced, useOrderList } from './useOrderList.js';
import './lists.css';

// The Edit Order dialog (the whole order form, its manifests and signing: ~17 KB compressed) loads when a row is
// opened, not with the list's first render.
const OrderModal = lazy(() => import('../form/OrderScreen.js').then((m) => ({ default: m.OrderModal })));

export interface ListVariant {
  kind: OrderListKind;
  title: string;
  path: string;
  /** Row click / Enter / ?id= open the Edit Order modal (not on incoming: orders §2). */
  opens: boolean;
  /** A week picker: admin (that week), placed (one month from it). */
  week?: boolean;
  create?: { label: string; path: string };
  empty: string;
}

const DEF_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'int', label: 'Internal' },
  { value: 'ext', label: 'External' },
];

/**
 * An order list (orders §2 "Order list screens"): admin, outgoing, incoming and placed share this screen; the
 * service narrows, sorts, searches and pages (explicit pages over keyset cursors), the screen only asks.
 */
export function OrderListScreen({ variant }: { variant: ListVariant }) {
  const { api, config } = usePortal();
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const user = useSessionUser();
  const admin = variant.kind === 'admin';
  const deepLink = useUrlQuery().get('id');
  const [openId, setOpenId] = useState<string | null>(variant.opens ? deepLink : null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [week, setWeek] = useState(() => mondayOf());
  const [all, setAll] = useState(false);
  const [delivered, setDelivered] = useState(false);
  const [withDeleted, setWithDeleted] = useState(false);
  const on = (k: ConfigSwitch) => switchValue(config, k);
  const internalDist = on('orders.isInternalDist');
  // an internal distributor's lists start on its external orders unless orders.internal.alwaysShow keeps them all
  const [def, setDef] = useState<'all' | 'int' | 'ext'>(() =>
    internalDist && !on('orders.internal.alwaysShow') ? 'ext' : 'all',
  );
  const info = typeof config['orders.infoText'] === 'string' ? config['orders.infoText'].trim() : '';
  const params: OrderListParams = {
    list: variant.kind,
    q: q || undefined,
    week: variant.week && !all ? week : undefined,
    all: all || undefined,
    delivered: delivered || undefined,
    deleted: (admin && withDeleted) || undefined,
    def: internalDist && def !== 'all' ? def : undefined,
  };
  // orders §6/§9: a driver's list is their most recent 200 (mobile) or 300 (desktop) orders, one page.
  const driverLimit = variant.kind === 'driver' ? DRIVER_LIST_LIMITS[mobile ? 0 : 1] : undefined;
  // Show All History lifts the 40-day window; the service pages the whole history (a search narrows it)
  const list = useOrderList(params, true, driverLimit);

  const open = useCallback(
    (r: OrderRow) => {
      setOpenId(r.id);
      window.history.replaceState(null, '', `${variant.path}?id=${encodeURIComponent(r.id)}`);
    },
    [variant.path],
  );
  const close = () => {
    // the next open reads the order afresh (its version moves with every save, here or in the list)
    if (openId) qc.removeQueries({ queryKey: orderKey(openId) });
    setOpenId(null);
    window.history.replaceState(null, '', variant.path);
    void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
  };
  const softDelete = useCallback(
    (undo: boolean) => async (r: OrderRow) => {
      try {
        await (undo ? undeleteOrder(api, { id: r.id }) : deleteOrder(api, { id: r.id }));
        toast.success(undo ? `Order ${r.orderId} restored.` : `Order ${r.orderId} deleted.`);
        qc.removeQueries({ queryKey: orderKey(r.id) });
        void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
      } catch (e) {
        toast.error(errorText(e));
      }
    },
    [api, qc],
  );
  const names = useFleetNames(user?.role, on('orders.showVin'));
  const showPickupDriver = on('orders.showPickupDriver');
  const allColumns = useMemo(
    () => [
      ...orderColumns(names, { pickupDriver: showPickupDriver }),
      ...(admin ? [deleteColumn(softDelete(false), softDelete(true), !mobile)] : []),
    ],
    [names, mobile, admin, softDelete, showPickupDriver],
  );
  // the user's columns and widths, per list, in this browser (grid-layout.ts)
  const userKey = user ? (user.id ?? user.email) : null;
  const grid = useGridLayout(userKey ? layoutKey(userKey, variant.kind) : null);
  const columns = useMemo(() => withLayout(allColumns, grid.layout), [allColumns, grid.layout]);
  const rows = list.query.data?.orders ?? [];
  const filtered = !!(q || delivered || def !== 'all' || all);

  return (
    <div data-testid={`orders-${variant.kind}`}>
      <PageTitle
        actions={
          variant.create && (
            <Button
              variant="primary"
              onClick={() => navigateTo(variant.create!.path)}
              data-testid="orders-create"
            >
              {variant.create.label}
            </Button>
          )
        }
      >
        {variant.title}
      </PageTitle>
      {info && (
        <Alert type="info" testId="orders-info">
          {info}
        </Alert>
      )}
      {admin && <SyncManifests />}
      <div className="ord-filters" role="search">
        <TextField
          label="Search"
          type="search"
          placeholder="Order ID, licence, name, city, zip, manifest"
          value={search}
          onChange={setSearch}
          testId="orders-search"
        />
        {variant.week && (
          <TextField
            label={variant.kind === 'placed' ? 'Month from the week of' : 'Week of'}
            type="date"
            value={week}
            onChange={(v) => v && setWeek(mondayOf(v))}
            disabled={all}
            testId="orders-week"
          />
        )}
        {internalDist && (
          <Select
            label="Order Def"
            value={def}
            onChange={(v) => setDef(v as typeof def)}
            options={DEF_OPTIONS}
            testId="orders-def"
          />
        )}
        <div className="ord-checks">
          {admin && <Checkbox label="Show All History" checked={all} onChange={setAll} testId="orders-all" />}
          <Checkbox
            label="Show Only Delivered"
            checked={delivered}
            onChange={setDelivered}
            testId="orders-delivered"
          />
          {admin && (
            <Checkbox
              label="Show deleted"
              checked={withDeleted}
              onChange={setWithDeleted}
              testId="orders-deleted"
            />
          )}
        </div>
      </div>
      {list.query.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : list.query.isError ? (
        <Alert type="error" testId="orders-error">
          The orders could not be loaded: {errorText(list.query.error)}{' '}
          <Button variant="link" onClick={() => void list.query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length === 0 && list.page === 0 ? (
        <EmptyState title="No orders" testId="orders-empty">
          {filtered
            ? 'No order matches these filters. Clear the search or the filters to see more.'
            : variant.empty}
        </EmptyState>
      ) : (
        <OrderTable
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          sort={list.sort}
          onSort={list.setSort}
          onOpen={variant.opens ? open : undefined}
          page={list.page}
          hasNext={list.hasNext}
          onPage={list.goTo}
          total={list.total}
          pageSize={driverLimit ?? LIST_PAGE_SIZE}
          loading={list.query.isFetching}
          onRefresh={() => void list.query.refetch()}
          onColumnResized={grid.setWidths}
          toolbar={
            <ColumnChooser
              columns={allColumns.filter((c) => c.colId !== 'actions')}
              hidden={grid.layout.hidden}
              onShow={grid.setShown}
              onReset={grid.reset}
              testId="orders-columns"
            />
          }
          testId="orders-table"
        />
      )}
      {openId && (
        <Suspense fallback={null}>
          <OrderModal id={openId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
