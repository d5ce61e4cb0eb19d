import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { LIMITS, PICKER_DEBOUNCE_MS } from '@portal/contracts';
import { Alert, Button, DataTable, EmptyState, PageTitle, TextField, errorText, usePortal } from '@portal/ui';
import { ROUTES_KEY, listRoutes, type Route } from '../api.js';
import './routes.css';

/** Orders §9: a route starting at 06:00 is highlighted as a warning. */
export const EARLY_START = '06:00';
/** The spec truncates a row's days text at 50 characters; here the stops' cities, with the full list as tooltip. */
const CITIES_MAX = 50;
const cities = (r: Route) => [...new Set(r.rows.map((row) => row.city).filter(Boolean))].join(', ');
const clip = (s: string) => (s.length > CITIES_MAX ? `${s.slice(0, CITIES_MAX - 1)}…` : s);

const COLUMNS: ColDef<Route>[] = [
  { field: 'name', headerName: 'Route', flex: 1.6, sort: 'asc' },
  {
    field: 'startTime',
    headerName: 'Start Time',
    flex: 0.8,
    // A renderer, not cellClassRules: @portal/ui registers only the ag-grid modules it needs (no CellStyleModule).
    cellRenderer: (p: CustomCellRendererProps<Route>) =>
      p.value === EARLY_START ? (
        <span className="rt-early" title="Early start">
          {p.value}
        </span>
      ) : (
        p.value
      ),
  },
  { colId: 'stops', headerName: 'Stops', flex: 0.6, valueGetter: (p) => p.data?.rows.length ?? 0 },
  {
    colId: 'cities',
    headerName: 'Cities',
    flex: 2.4,
    valueGetter: (p) => (p.data ? cities(p.data) : ''),
    cellRenderer: (p: CustomCellRendererProps<Route>) => (
      <span title={p.value}>{clip(String(p.value ?? ''))}</span>
    ),
  },
];

/**
 * Manage Routes (orders §2 route list; staff): the delivery routes with their start time and stops, searched by
 * name on the service (a prefix, 500 ms after the last keystroke). Add Route and the route editor come with the
 * routing issue.
 */
export function RoutesList() {
  const { api } = usePortal();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  const routes = useQuery({
    queryKey: [...ROUTES_KEY, q],
    queryFn: () => listRoutes(api, q),
    // While the next search runs, the table keeps the last answer instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  return (
    <div data-testid="routes-page">
      <PageTitle>Manage Routes</PageTitle>
      <div className="pu-table-toolbar rt-tools">
        <TextField
          placeholder="Search routes"
          aria-label="Search routes by name"
          value={search}
          onChange={setSearch}
          maxLength={LIMITS.routeName}
          testId="routes-search"
        />
      </div>
      {routes.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : routes.isError ? (
        <Alert type="error" testId="routes-error">
          The routes could not be loaded: {errorText(routes.error)}{' '}
          <Button variant="link" onClick={() => void routes.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : routes.data.length === 0 ? (
        <EmptyState title={q ? 'No route matches' : 'No routes yet'} testId="routes-empty">
          {q
            ? `No route name starts with “${q}”.`
            : 'Delivery routes with their regions, days and stop order appear here once they are set up.'}
        </EmptyState>
      ) : (
        <DataTable
          rows={routes.data}
          columns={COLUMNS}
          getRowId={(r) => r.id}
          onRefresh={() => void routes.refetch()}
          loading={routes.isFetching}
          testId="routes-table"
        />
      )}
    </div>
  );
}
