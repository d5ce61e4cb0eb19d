import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Role, isStaff, switchValue, type ConfigSwitch, type RoleNumber } from '@portal/contracts';
import {
  DISPATCH,
  DROPOFFS_TITLE,
  DispatchMessages as DM,
  warehouseBlockTitle,
  type LiveOrderEvent,
  type ScheduleDay,
  type ScheduleRoute,
} from '@portal/contracts/dispatch';
import {
  Alert,
  EmptyState,
  Select,
  errorText,
  navigateTo,
  useConfirm,
  usePortal,
  useSessionUser,
  useQuery as useUrlQuery,
} from '@portal/ui';
import { useLiveSchedule } from '../../live/useLiveSchedule.js';
import { RouteMapModal } from '../../map/RouteMapModal.js';
import { applyLive, isDay, replayNewer, routeOrdersOnce, stopsOf, today } from './model.js';
import { OrderTable, orderLink } from './OrderRow.js';
import { RouteBlock, type RouteView } from './RouteBlock.js';
import { getSchedule, scheduleKey } from './schedule-api.js';
import { SignRoute } from './SignRoute.js';
import { Toolbar } from './Toolbar.js';
import { useRouteActions } from './useRouteActions.js';
import './schedule.css';

/** Replaces the page's query without a history entry (the date and search stay in the URL, `?id=` is consumed). */
function replaceQuery(set: Record<string, string | null>) {
  const u = new URL(window.location.href);
  for (const [k, v] of Object.entries(set)) {
    if (v) u.searchParams.set(k, v);
    else u.searchParams.delete(k);
  }
  window.history.replaceState(window.history.state, '', u.pathname + u.search);
}

/**
 * The daily schedule (orders §2 "Schedule"): /dashboard/schedule and /dashboard/manageSchedule. Staff
 * (roles 0, 1) get the admin variant (dropoffs, create, per-route new order and cash return, notes edited in
 * place); a driver (role 2) sees the server's answer for them — only their orders — with Cash Pickup.
 */
export function DailySchedule() {
  const { api, config } = usePortal();
  const qc = useQueryClient();
  const user = useSessionUser();
  const role = (user?.role ?? Role.User) as RoleNumber;
  const staff = isStaff(role);
  const driver = role === Role.Driver;
  const url = useUrlQuery();
  const [day, setDay] = useState(() => (isDay(url.get('date')) ? url.get('date')! : today()));
  const [q, setQ] = useState('');
  const [extra, setExtra] = useState(false);
  const [map, setMap] = useState<ScheduleRoute | null>(null);
  const [signing, setSigning] = useState<ScheduleRoute | null>(null);
  // the switches as contracts' one table defaults them (maps and the drivers' signing on while unset)
  const on = (k: ConfigSwitch) => switchValue(config, k);
  const [maps, sigs, routeFilter] = [on('scheduleMapsEnabled'), on('sigs.show'), on('schedule.filter')];
  // schedule.filter: one route of the day (its warehouse orders with it), or every route
  const [onlyRoute, setOnlyRoute] = useState('');
  const { ask, dialog } = useConfirm('schedule-confirm');
  // Printing the page (Print or the browser's own) renders every route's rows first (they render near the viewport).
  const [all, setAll] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setAll(true));
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, []);

  // A deep link ?id= opens that order (orders' Edit Order page); the schedule's URL keeps only its date, so Back
  // returns here instead of opening the order again.
  const deepId = url.get('id');
  useEffect(() => {
    if (!deepId) return;
    replaceQuery({ id: null });
    navigateTo(orderLink(deepId));
  }, [deepId]);

  // Live: an order that stays where it is is patched in place; anything else refetches the day (debounced).
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>();
  const refetchSoon = useCallback(() => {
    clearTimeout(refetchTimer.current);
    refetchTimer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: ['routing', 'schedule', day] }),
      300,
    );
  }, [qc, day]);
  useEffect(() => () => clearTimeout(refetchTimer.current), []);
  const opts = useMemo(() => ({ day, isAdmin: staff, ...(q ? { q } : {}) }), [day, staff, q]);
  const key = scheduleKey(opts);
  // The day's recent live events: an answer that left before one of them was applied gets it again on arrival.
  const recent = useRef<{ day: string; events: LiveOrderEvent[] }>({ day, events: [] });
  if (recent.current.day !== day) recent.current = { day, events: [] };
  const sched = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await getSchedule(api, opts);
      const next = replayNewer(answer, recent.current.events);
      recent.current.events = recent.current.events.filter((e) => e.cursor > answer.cursor);
      if (next !== 'refetch') return next;
      recent.current.events = []; // the refetch below brings them
      refetchSoon();
      return answer;
    },
    refetchOnWindowFocus: false,
    retry: false,
    // a new search on the same day keeps the day on screen (and the live stream open) until its answer is in
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === day ? prev : undefined),
  });

  const onEvent = useCallback(
    (e: LiveOrderEvent) => {
      recent.current.events = [...recent.current.events.slice(-199), e];
      const now = qc.getQueryData<ScheduleDay>(scheduleKey(opts));
      const next = now ? applyLive(now, e) : 'refetch';
      if (next === 'refetch') refetchSoon();
      else qc.setQueryData(scheduleKey(opts), next);
    },
    [qc, opts, refetchSoon],
  );
  const live = useLiveSchedule({ day, cursor: sched.data?.cursor, onEvent, onReset: refetchSoon });

  const reload = useCallback(
    () => void qc.invalidateQueries({ queryKey: ['routing', 'schedule', day] }),
    [qc, day],
  );
  const { busy, inTransit, printManifests } = useRouteActions(ask, reload);
  const view: RouteView = useMemo(
    () => ({
      day,
      role,
      staff,
      admin: staff,
      extra,
      maps,
      busy: false,
      all,
      onInTransit: (r) => void inTransit(r.route.id, routeOrdersOnce(r)),
      onPrintManifests: (r) =>
        void printManifests(r.route.id, `manifests-${r.route.name}-${day}.pdf`, routeOrdersOnce(r)),
      onMap: setMap,
      // orders §2: sign manifests when the public config's sigs.show is on, for drivers
      ...(driver && sigs ? { signing: setSigning } : {}),
    }),
    [day, role, staff, extra, all, maps, sigs, driver, inTransit, printManifests],
  );

  const answer = sched.isError ? null : sched.data;
  const chosen = routeFilter && answer?.routes.some((r) => r.route.id === onlyRoute) ? onlyRoute : '';
  const data = answer && chosen ? onlyOneRoute(answer, chosen) : answer;
  const empty = data && !data.routes.length && !data.warehouse.length && !data.dropoffs?.length;
  return (
    <div className="sch-page" data-testid="schedule-page">
      <Toolbar
        day={day}
        onDay={(d) => {
          replaceQuery({ date: d });
          setDay(d);
        }}
        onSearch={setQ}
        searchMs={DISPATCH.searchDebounceMs}
        extra={extra}
        onExtra={setExtra}
        onRefresh={reload}
        refreshing={sched.isFetching}
        live={live}
        create={staff ? 'admin' : driver ? 'cashPickup' : null}
      />
      {routeFilter && answer && answer.routes.length > 0 && (
        <div className="sch-filter">
          <Select
            label="Route"
            value={chosen}
            onChange={setOnlyRoute}
            options={[
              { value: '', label: 'All routes' },
              ...answer.routes.map((r) => ({ value: r.route.id, label: r.route.name })),
            ]}
            testId="schedule-route-filter"
          />
        </div>
      )}
      {sched.isError && (
        <Alert type="error" testId="schedule-error">
          {DM.loadFailed(errorText(sched.error))}
        </Alert>
      )}
      {sched.isPending && <div className="pu-page-loading" aria-busy="true" data-testid="schedule-loading" />}
      {empty && (
        <EmptyState title="No orders" testId="schedule-empty">
          {DM.emptyDay}
        </EmptyState>
      )}
      {data && !empty && (
        <div className="sch-day" data-testid="schedule-day">
          {data.routes.map((r) => (
            <RouteBlock key={r.route.id} r={r} view={busyView(view, busy, r.route.id)} />
          ))}
          <OrderTable
            title={warehouseBlockTitle(day)}
            orders={data.warehouse}
            testId="schedule-warehouse"
            role={role}
            staff={staff}
            extra={extra}
          />
          {!driver && data.dropoffs && (
            <OrderTable
              title={DROPOFFS_TITLE}
              orders={data.dropoffs}
              testId="schedule-dropoffs"
              role={role}
              staff={staff}
              extra={extra}
            />
          )}
        </div>
      )}
      {map && (
        <RouteMapModal
          routeId={map.route.id}
          routeName={map.route.name}
          day={day}
          stops={stopsOf(map)}
          onClose={() => setMap(null)}
        />
      )}
      {signing && (
        <SignRoute
          ids={routeOrdersOnce(signing).map((o) => o.id)}
          onClose={() => setSigning(null)}
          onDone={reload}
        />
      )}
      {dialog}
    </div>
  );
}

/** The day with one route: its own block and its warehouse orders; the dropoffs belong to no route. */
function onlyOneRoute({ dropoffs: _none, ...d }: ScheduleDay, id: string): ScheduleDay {
  return {
    ...d,
    routes: d.routes.filter((r) => r.route.id === id),
    warehouse: d.warehouse.filter((o) => o.route === id || o.pickupRoute === id),
  };
}

// The view object stays the same for every route but the busy one, so memoised routes do not re-render.
const busyViews = new WeakMap<RouteView, RouteView>();
function busyView(view: RouteView, busy: string | null, id: string): RouteView {
  if (busy !== id) return view;
  let v = busyViews.get(view);
  if (!v) busyViews.set(view, (v = { ...view, busy: true }));
  return v;
}
