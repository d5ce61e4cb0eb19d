import type { ApiClient } from '@portal/ui';
import type {
  Route,
  RouteAnswer,
  RouteDeleteAnswer,
  RouteFindAnswer,
  RouteFindBody,
  RouteInput,
  RouteUpdateInput,
  RoutesAnswer,
} from '@portal/contracts';

/**
 * mfe-schedule's calls to services/routing (orders §7 Routes), typed by @portal/contracts (routing.ts): GET /routes,
 * POST /routes/create|update|delete each {route}, POST /routes/find {zip}.
 */
export type { Route, RouteRow, RouteFindMatch } from '@portal/contracts';

export const ROUTES_KEY = ['routing', 'routes'] as const;

export const listRoutes = (api: ApiClient, q = ''): Promise<Route[]> =>
  api
    .get<RoutesAnswer>(q ? `/api/routes?q=${encodeURIComponent(q)}` : '/api/routes')
    .then((r) => r.data.routes);

export const createRoute = (api: ApiClient, route: RouteInput) =>
  api.post<RouteAnswer>('/api/routes/create', { route }).then((r) => r.data.route);
export const updateRoute = (api: ApiClient, route: RouteUpdateInput) =>
  api.post<RouteAnswer>('/api/routes/update', { route }).then((r) => r.data.route);
export const deleteRoute = (api: ApiClient, id: string) =>
  api.post<RouteDeleteAnswer>('/api/routes/delete', { route: { id } });
export const findRoutes = (api: ApiClient, body: RouteFindBody) =>
  api.post<RouteFindAnswer>('/api/routes/find', body).then((r) => r.data);

// --- weekly driver schedule (weekly part): orders §7 "Driver schedule" ---
export type {
  DriverSchedule,
  DriverScheduleEntry,
  WeeklyChange,
  WeeklyDriver,
  WeeklyRoute,
  WeeklyScheduleAnswer,
  WeeklyUpdateAnswer,
  WeeklyVehicle,
} from '@portal/contracts/dispatch';
import type {
  FixOrdersAnswer,
  DriverSchedule as WeekSchedule,
  WeeklyScheduleAnswer as WeekAnswer,
  WeeklyUpdateAnswer as WeekUpdateAnswer,
} from '@portal/contracts/dispatch';

export const WEEKLY_KEY = ['routing', 'driverschedule'] as const;
/** The week holding `date` (signed in: GET /driverschedule; signed out: the public names-only read). */
export const getWeek = (api: ApiClient, date: string, signedIn: boolean) =>
  api
    .get<WeekAnswer>(`/api/driverschedule${signedIn ? '' : '/public'}?date=${encodeURIComponent(date)}`)
    .then((r) => r.data);
export const saveWeek = (api: ApiClient, schedule: WeekSchedule, notify?: boolean | string[]) =>
  api
    .post<WeekUpdateAnswer>('/api/driverschedule/update', { schedule, ...(notify ? { notify } : {}) })
    .then((r) => r.data);
/**
 * The saved week onto its orders (orders' POST /api/orders/fixorders, orders §7): every order on a scheduled
 * route-day gets that day's driver and vehicle; the answer says how many changed.
 */
export const fixOrders = (api: ApiClient, week: string, notify: boolean) =>
  api.post<FixOrdersAnswer>('/api/orders/fixorders', { week, ...(notify ? { notify } : {}) });
export const copyWeek = (api: ApiClient, from: string, to: string, force = false) =>
  api
    .post<WeekUpdateAnswer>('/api/driverschedule/copy', { from, to, ...(force ? { force } : {}) })
    .then((r) => r.data);

// --- public search and tracking links (public part) ---
import type {
  ScheduleSearchAnswer as PublicSearchAnswer,
  TrackingView as PublicTrackingView,
} from '@portal/contracts/dispatch';
export const SEARCH_KEY = ['routing', 'schedule-search'] as const;
/** GET /api/schedule/search (public): `days` as route weekday codes, page from 1. */
export const searchSchedule = (api: ApiClient, q: string, days: readonly string[], page: number) =>
  api
    .get<PublicSearchAnswer>(
      `/api/schedule/search?q=${encodeURIComponent(q)}&days=${days.join(',')}&page=${page}`,
    )
    .then((r) => r.data);
export const TRACK_KEY = ['routing', 'track'] as const;
/** GET /api/track/:token (public): a 404 means the link is no longer valid. */
export const getTracking = (api: ApiClient, token: string) =>
  api.get<{ data: PublicTrackingView }>(`/api/track/${encodeURIComponent(token)}`).then((r) => r.data);
