import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import {
  LIMITS,
  PICKER_DEBOUNCE_MS,
  ROUTE_START_TIME_WARNING,
  ROUTE_WEEKDAYS,
  canManageRoutes,
  type RouteWeekday,
} from '@portal/contracts';
import {
  Alert,
  Button,
  DataTable,
  EmptyState,
  Link,
  PageTitle,
  Select,
  TextField,
  errorText,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import { ROUTES_KEY, listRoutes, type Route } from '../api.js';
import { clip, servesWeekday } from '../days.js';
import { EDIT_PATH, editPath } from './paths.js';
import { ZipCheck } from './ZipCheck.js';
import './routes.css';

const cities = (r: Route) => [...new Set(r.data.rows.map((row) => row.city).filter(Boolean))].join(', ');
const DAY_NAMES: Record<RouteWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thur: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const DELIVERS_ON = ROUTE_WEEKDAYS.map((w) => ({ value: w, label: DAY_NAMES[w] }));

const COLUMNS: ColDef<Route>[] = [
  {
    field: 'name',
    headerName: 'Route',
    flex: 1.6,
    minWidth: 140,
    sort: 'asc',
    // A link, so a route opens with the keyboard (Tab, Enter) as well as by click.
    cellRenderer: (p: CustomCellRendererProps<Route>) =>
      p.data ? <Link to={editPath(p.data.id)}>{p.data.name}</Link> : null,
  },
  {
    colId: 'startTime',
    headerName: 'Start Time',
    flex: 0.8,
    minWidth: 100,
    valueGetter: (p) => p.data?.data.startTime ?? '',
    // A renderer, not cellClassRules: @portal/ui registers only the ag-grid modules it needs (no CellStyleModule).
    cellRenderer: (p: CustomCellRendererProps<Route>) =>
      p.value === ROUTE_START_TIME_WARNING ? (
        <span className="rt-early" title="Early start">
          {p.value}
        </span>
      ) : (
        p.value
      ),
  },
  {
    colId: 'stops',
    headerName: 'Stops',
    flex: 0.5,
    minWidth: 80,
    valueGetter: (p) => p.data?.data.rows.length ?? 0,
  },
  {
    colId: 'cities',
    headerName: 'Cities',
    flex: 2.4,
    minWidth: 180,
    valueGetter: (p) => (p.data ? cities(p.data) : ''),
    cellRenderer: (p: CustomCellRendererProps<Route>) => (
      <span title={p.value}>{clip(String(p.value ?? ''))}</span>
    ),
  },
];

/**
 * Manage Routes (orders §2 route list; staff): the delivery routes with their start time and stops, searched by
 * name on the service (a prefix, 500 ms after the last keystroke), filtered by the weekday they deliver on, Add
 * Route to the editor, and the zip check over POST /routes/find.
 */
export function RoutesList() {
  const { api, navigate } = usePortal();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [day, setDay] = useState('');
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
  const shown = useMemo(
    () =>
      day
        ? (routes.data ?? []).filter((r) =>
            r.data.rows.some((row) => servesWeekday(row.dayOfTheWeek, day as RouteWeekday)),
          )
        : (routes.data ?? []),
    [routes.data, day],
  );
  const canEdit = !!user && canManageRoutes(user.role);

  return (
    <div data-testid="routes-page">
      <PageTitle
        actions={
          canEdit && (
            <Button variant="primary" onClick={() => navigate(EDIT_PATH)} data-testid="add-route">
              Add Route
            </Button>
          )
        }
      >
        Manage Routes
      </PageTitle>
      {/* Above the list: a dispatcher's first question on the phone ("when do you come to 95501?"). */}
      <ZipCheck />
      <div className="pu-table-toolbar rt-tools">
        <TextField
          placeholder="Search routes"
          aria-label="Search routes by name"
          value={search}
          onChange={setSearch}
          maxLength={LIMITS.routeName}
          testId="routes-search"
        />
        <Select
          aria-label="Delivers on"
          options={DELIVERS_ON}
          placeholder="Delivers on any day"
          value={day}
          onChange={setDay}
          testId="routes-day"
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
      ) : shown.length === 0 ? (
        <EmptyState title={q || day ? 'No route matches' : 'No routes yet'} testId="routes-empty">
          {q || day
            ? `No route${q ? ` whose name starts with “${q}”` : ''}${day ? ` delivers on ${DAY_NAMES[day as RouteWeekday]}` : ''}.`
            : 'Delivery routes with their cities, zip codes and days appear here. Add Route sets up the first one.'}
        </EmptyState>
      ) : (
        <DataTable
          rows={shown}
          columns={COLUMNS}
          getRowId={(r) => r.id}
          onRefresh={() => void routes.refetch()}
          loading={routes.isFetching}
          testId="routes-table"
          light
        />
      )}
    </div>
  );
}
