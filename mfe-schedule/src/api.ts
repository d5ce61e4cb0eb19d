import type { ApiClient } from '@portal/ui';

/**
 * mfe-schedule's calls and their answers (services/routing GET /routes: any signed-in user, live routes by name,
 * `q` a case-blind name prefix; the standard price only for those who manage routes). The shapes mirror
 * services/routing/src/schemas.ts; test/routes-list.test.ts checks every fake answer against that schema. They move
 * to @portal/contracts when routing's shapes do.
 */
export interface RouteRow {
  id: string;
  city: string;
  zipCode: string;
  dayOfTheWeek: string;
  biWeekly: boolean;
  overnight: boolean;
  price?: number;
}

export interface Route {
  id: string;
  name: string;
  startTime: string;
  rows: RouteRow[];
}

export const ROUTES_KEY = ['routing', 'routes'] as const;

export const listRoutes = (api: ApiClient, q = '') =>
  api
    .get<{ data: { routes: Route[] } }>(q ? `/api/routes?q=${encodeURIComponent(q)}` : '/api/routes')
    .then((r) => r.data.routes);
