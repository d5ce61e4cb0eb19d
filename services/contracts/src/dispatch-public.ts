/**
 * Dispatch: the tracking link and public schedule search calls and words. Plain types and constants (browser-safe); the whole of dispatch is the
 * `@portal/contracts/dispatch` entry (dispatch.ts re-exports this file).
 */

/** GET /api/track/{token} (public): what a receiver sees of their one order. */
export interface TrackingView {
  orderId: string;
  destName: string;
  state: 'scheduled' | 'out-for-delivery' | 'delivered' | 'not-delivered';
  /** "out for delivery — stop {k} of {n}" */
  stop?: { k: number; n: number };
  window?: { day: string; from?: string; to?: string };
  delivered?: { at: string; name: string };
}

/** GET /api/schedule/search?q=&days=&page= (public): a route stop serving a city or zip. */
export interface ScheduleSearchRow {
  routeId: string;
  routeName: string;
  city: string;
  zip: string;
  days: string;
  startTime: string;
  overnight: boolean;
  biWeekly: boolean;
}
export interface ScheduleSearchAnswer {
  data: { rows: ScheduleSearchRow[]; total: number; page: number; pageSize: number; truncated?: boolean };
}

/** The public part's words (tracking page and public search; the spec words none of these). */
export const PublicMessages = {
  trackingStop: (k: number, n: number) => `out for delivery — stop ${k} of ${n}`,
  trackingNoToken: 'Open the tracking link in your delivery email to follow your delivery.',
  searchCount: (n: number, max: number) => `${n} results (max ${max})`,
  searchTruncated: (max: number) =>
    `More than ${max} stops match: type more of the city or zip to narrow it down.`,
  searchHint: 'Type a city or a zip code to see which days deliveries run there.',
  searchNone: 'No delivery route serves this city or zip on the chosen days.',
} as const;
