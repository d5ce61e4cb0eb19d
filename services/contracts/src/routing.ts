/**
 * Routes (orders spec §3 "Route", §5 "Routes", §7 "Routes", §8, §9): the shapes of every /api/routes call, the day
 * codes, the limits and the messages, for the route screens (mfe-schedule) and services/routing alike.
 *
 * Plain TypeScript on purpose: this module is re-exported by the browser entry, and production bundles carry no
 * TypeBox runtime. services/routing declares the TypeBox schemas of these bodies in its src/schemas.ts and
 * proves at compile time that they describe exactly these types; the event payload's schema is in events.ts.
 */
import { LIMITS } from './constants.js';

/** Weekday codes in schedule order: day 1 … 7 of the weekly schedule (Monday first, §9). */
export const ROUTE_WEEKDAYS = ['mon', 'tue', 'wed', 'thur', 'fri', 'sat', 'sun'] as const;
export type RouteWeekday = (typeof ROUTE_WEEKDAYS)[number];
/** Strict calendar dates are stored as whole-day offsets from this date (UTC): '0' is 2023-01-01. */
export const STRICT_DAY_MARKER = '2023-01-01';
/** The editor offers strict dates over this many days (from today). */
export const STRICT_DAY_SPAN = 365;
/** A route with this name (any case) is not driven: each row is a pseudo-route named by its city. */
export const UTILITY_ROUTE_NAME = 'utility';
/** Ids of the utility pseudo-routes start with this; day checks ignore them (any day is allowed). */
export const UTILITY_ID_PREFIX = '__utility__';
/** A row with this zip serves every zip. */
export const ANY_ZIP = '00000';
/** The start time the editor highlights as a warning (§9). */
export const ROUTE_START_TIME_WARNING = '06:00';
/** Days text in the rows table is cut at this many characters (§9). */
export const ROUTE_DAYS_TEXT_DISPLAY = 50;
/** A zip as rows store it and /routes/find accepts it: 5 digits, optionally ZIP+4 (only the 5 digits count). */
export const ZIP_PATTERN = '^\\d{5}(-\\d{4})?$';
export const START_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
/** Dates on the wire: calendar days, no time and no zone (YYYY-MM-DD). */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const ROUTE_LIMITS = {
  name: LIMITS.routeName,
  city: 100,
  zipCode: 10,
  /** 365 strict dates written as offsets fit with room to spare. */
  dayOfTheWeek: 4000,
  notes: 500,
  rows: 200,
  price: 1_000_000,
  /** /routes/find: the default range (from today) and the longest one asked for. */
  findDefaultDays: 28,
  findMaxDays: 366,
  /** POST /routes {where: {ids}}. */
  whereIds: 500,
} as const;

/** The editor's column titles, as "Please Input {title}!" names them. */
export const ROUTE_FIELD_TITLES = {
  name: 'Route Name',
  startTime: 'Route Start Time',
  city: 'City',
  zipCode: 'Zip Code',
  dayOfTheWeek: 'Days',
  price: 'Standard Price',
} as const;
export type RouteField = keyof typeof ROUTE_FIELD_TITLES;

/** The spec's route messages word for word (§5, §8), and ours where it is silent (services/routing/README.md). */
export const RouteMessages = {
  pleaseInput: (title: string) => `Please Input ${title}!`,
  created: 'Route created Successfully!',
  edited: 'Route edited Successfully!',
  createFailed: 'Route created failed!',
  editFailed: 'Route edited failed!',
  /** The detail under either failure toast: the server's message. */
  failedDetail: (message: string) => `Route creation failed: ${message}!`,
  // ours (the spec is silent)
  nameTooLong: `Route Name cannot be longer than ${LIMITS.routeName} characters.`,
  tooLong: (title: string, max: number) => `${title} cannot be longer than ${max} characters.`,
  duplicateName: (name: string) => `A route named ${name} already exists.`,
  badStartTime: 'Route Start Time must be a time of day (HH:mm).',
  badZip: 'Please enter a valid 5-digit zip code.',
  badDays: (text: string) =>
    `Days "${text}" are not weekday codes (${ROUTE_WEEKDAYS.join(', ')}) or strict dates (day numbers).`,
  mixedDays: 'Days are either weekday codes or strict dates, not both.',
  badPrice: 'Standard Price must be a number of dollars, 0 or more.',
  tooManyRows: `A route has at most ${ROUTE_LIMITS.rows} locations.`,
  notFound: 'Route not found',
  changedMeanwhile: 'This route was changed by someone else. Reload it and try again.',
  badRange: `The date range must run forward and cover at most ${ROUTE_LIMITS.findMaxDays} days.`,
  deleted: 'Route deleted',
} as const;

/** Free data of a location row (the spec names the field, not its content). */
export interface RouteRowData {
  notes?: string;
}

/** A location row. `price` (the standard price) only reaches those who edit routes (canManageRoutes). */
export interface RouteRow {
  id: string;
  city: string;
  /** 5-digit zip, or ANY_ZIP. */
  zipCode: string;
  /** Weekday codes ('mon,wed') or strict dates as marker offsets ('1423,1430'), comma-separated. */
  dayOfTheWeek: string;
  /** Every other week: the weeks (Monday to Sunday) an even number of weeks after the marker's week. */
  biWeekly: boolean;
  /** Delivered the day after the route runs (the order lists show a clock and the date plus one). */
  overnight: boolean;
  price?: number;
  data: RouteRowData;
}

export interface RouteData {
  /** HH:mm. */
  startTime: string;
  rows: RouteRow[];
}

export interface Route {
  id: string;
  name: string;
  data: RouteData;
  /** ISO date-times. */
  created: string;
  lastUpdated: string;
}

/** A row as the editor sends it: no id for a new row; an id keeps the row's identity. */
export interface RouteRowInput {
  id?: string;
  city: string;
  zipCode: string;
  dayOfTheWeek: string;
  biWeekly?: boolean;
  overnight?: boolean;
  price: number;
  data?: RouteRowData;
}

export interface RouteInput {
  name: string;
  data: { startTime: string; rows: RouteRowInput[] };
}

export interface RouteUpdateInput extends RouteInput {
  id: string;
  /** The lastUpdated the editor loaded: when given and stale, the update answers 409 changedMeanwhile. */
  lastUpdated?: string;
}

// ---- the calls (all under /api, bearer token) ----

/** GET /routes?q= — q: names starting with it, any case. */
export interface RoutesQuery {
  q?: string;
  /** The load-all-routes call's external flag (see RoutesWhere.external). */
  external?: boolean;
}

/** POST /routes {where}: any combination; absent keys do not filter. */
export interface RoutesWhere {
  q?: string;
  /** Routes with a row for this zip (or a row for ANY_ZIP). */
  zip?: string;
  ids?: string[];
  /**
   * The load-all-routes call's external flag (orders §7 "Routes"): true → the routes as the rest of the portal
   * picks them (order form, schedules): the utility route expanded into its pseudo-routes (expandUtility), and
   * q, zip and ids applied to those. Absent/false → the stored routes, as the route list and editor show them.
   */
  external?: boolean;
}
export interface RoutesListBody {
  where?: RoutesWhere;
}
/** Answer of GET /routes and POST /routes: live routes by name, utility route unexpanded unless `external`. */
export interface RoutesAnswer {
  data: { routes: Route[] };
}

export interface RouteCreateBody {
  route: RouteInput;
}
export interface RouteUpdateBody {
  route: RouteUpdateInput;
}
export interface RouteDeleteBody {
  route: { id: string };
}
/** Answer of /routes/create and /routes/update: the route as stored. */
export interface RouteAnswer {
  data: { route: Route };
}
export interface RouteDeleteAnswer {
  data: { route: { id: string; deleted: true } };
}

/** POST /routes/find: which routes, on which dates, serve a zip. from/to default to today … today + 27 (UTC). */
export interface RouteFindBody {
  zip: string;
  from?: string;
  to?: string;
}

/** One row that serves the zip (a utility row is its own pseudo-route). */
export interface RouteFindMatch {
  /** The route's id, or UTILITY_ID_PREFIX + row id for a utility pseudo-route. */
  routeId: string;
  /** The route's name, or the row's city for a utility pseudo-route. */
  name: string;
  rowId: string;
  city: string;
  zipCode: string;
  startTime: string;
  dayOfTheWeek: string;
  biWeekly: boolean;
  overnight: boolean;
  utility: boolean;
  /** The days in the range the route runs for this row (every day for a utility row), ascending. */
  dates: string[];
  /** The days the goods arrive: dates, each plus one for an overnight row. */
  deliveryDates: string[];
}

export interface RouteFindAnswer {
  data: {
    /** The 5-digit zip asked for. */
    zip: string;
    from: string;
    to: string;
    routes: RouteFindMatch[];
    /** Every delivery date of every match, ascending, once each. */
    dates: string[];
  };
}

/** routing.route.changed.v1 (schema: events.ts RouteChangedData). The route always carries its prices. */
export interface RouteChanged {
  action: 'created' | 'updated' | 'deleted';
  route: Route;
}

// ---- pure helpers the editor and the service share ----

export const isUtilityRoute = (name: string) => name.trim().toLowerCase() === UTILITY_ROUTE_NAME;
export const isUtilityId = (id: string) => id.startsWith(UTILITY_ID_PREFIX);
/** The 5 digits of a zip ('12345-6789' → '12345'); '' when it is not a zip. */
export const zip5 = (zip: string) => (ZIP_RE.test(zip.trim()) ? zip.trim().slice(0, 5) : '');
const ZIP_RE = new RegExp(ZIP_PATTERN); // once, not per call (routes/find asks per request)

export type ParsedDays =
  | { mode: 'weekdays'; weekdays: RouteWeekday[] }
  | { mode: 'dates'; dates: number[] }
  | { mode: 'invalid'; message: string };

/**
 * A row's days text: comma-separated weekday codes (any case) in week order, or strict dates as marker offsets,
 * ascending and once each. Empty, unknown tokens, or both kinds mixed → invalid, with the message to show.
 */
export function parseRouteDays(text: string): ParsedDays {
  const parts = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0)
    return { mode: 'invalid', message: RouteMessages.pleaseInput(ROUTE_FIELD_TITLES.dayOfTheWeek) };
  const numeric = parts.filter((p) => /^\d{1,6}$/.test(p));
  if (numeric.length === parts.length) {
    return { mode: 'dates', dates: [...new Set(numeric.map(Number))].sort((a, b) => a - b) };
  }
  const known = parts.filter((p) => (ROUTE_WEEKDAYS as readonly string[]).includes(p));
  if (known.length === parts.length)
    return { mode: 'weekdays', weekdays: ROUTE_WEEKDAYS.filter((d) => known.includes(d)) };
  if (numeric.length + known.length === parts.length)
    return { mode: 'invalid', message: RouteMessages.mixedDays };
  return { mode: 'invalid', message: RouteMessages.badDays(text.trim().slice(0, ROUTE_DAYS_TEXT_DISPLAY)) };
}

/** For pickers: the utility route replaced by one pseudo-route per row, named by its city (others unchanged). */
export function expandUtility(routes: Route[]): Route[] {
  return routes.flatMap((r) =>
    isUtilityRoute(r.name)
      ? r.data.rows.map((row) => ({
          ...r,
          id: `${UTILITY_ID_PREFIX}${row.id}`,
          name: row.city,
          data: { startTime: r.data.startTime, rows: [row] },
        }))
      : [r],
  );
}
