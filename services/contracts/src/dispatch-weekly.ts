/**
 * Dispatch: the weekly driver schedule calls and words. Plain types and constants (browser-safe); the whole of dispatch is the
 * `@portal/contracts/dispatch` entry (dispatch.ts re-exports this file).
 */

/** One weekly schedule cell entry (orders §3 "Driver schedule"). */
export interface DriverScheduleEntry {
  driver: string;
  vehicle?: string;
  route?: string;
  misc?: { backHaul?: boolean; training?: boolean; cancelled?: boolean; notes?: string };
}
/** Days keyed '1' (Monday) … '7' (Sunday). */
export interface DriverSchedule {
  id?: string;
  /** Week start (Monday, YYYY-MM-DD). */
  date: string;
  data: { days: Record<string, DriverScheduleEntry[]> };
  lastUpdated?: string;
}

// --- weekly driver schedule (weekly part) ---
/** The weekly part's own words where the spec has none (the spec's are in DispatchMessages). */
export const WeeklyMessages = {
  badDate: 'Please choose a valid date (YYYY-MM-DD).',
  badDay: 'Days are 1 (Monday) to 7 (Sunday).',
  unknownVehicle: (id: string) => `Unknown vehicle ${id}. Please choose a vehicle from the list.`,
  unknownRoute: (id: string) => `Unknown route ${id}. Please choose a route from the list.`,
  twice: (name: string, day: string) => `${name} is on ${day} twice. Keep one row per driver and day.`,
  notesTooLong: 'Notes cannot be longer than 500 characters.',
  changedMeanwhile: 'This week was changed by someone else. Reload it and try again.',
  weekNotEmpty: (week: string) => `The week of ${week} already has a schedule. Copy over it?`,
  sameWeek: 'Choose another week to copy to.',
  vehicleInactive: (name: string, where: string) => `${name} is inactive (${where}).`,
  vehicleDue: (name: string, due: string, where: string) => `${name} is due for service: ${due} (${where}).`,
  vehicleTwice: (name: string, where: string) => `${name} is assigned to more than one driver (${where}).`,
  saved: 'Schedule updated.',
  notified: (n: number) => `Notified ${n} driver(s).`,
  copied: (week: string) => `Schedule copied to the week of ${week}.`,
} as const;

/** A name the grid shows for a driver (emails only to staff: roles 0, 1). */
export interface WeeklyDriver {
  id: string;
  name: string;
  email?: string;
  /** Deleted in fleet (an old week still names them). */
  deleted?: boolean;
}
export interface WeeklyVehicle {
  id: string;
  name: string;
  lic?: string;
  status: 0 | 1;
  due: string[];
  deleted?: boolean;
}
export interface WeeklyRoute {
  id: string;
  name: string;
  startTime: string;
}
/** One net change since the drivers were last notified (driver, day 1…7, route/vehicle before and after). */
export interface WeeklyChange {
  driverId: string;
  day: number;
  before: { route?: string; vehicle?: string } | null;
  after: { route?: string; vehicle?: string } | null;
}
/**
 * GET|POST /api/driverschedule (signed in) and GET /api/driverschedule/public?date= (no login): the week's schedule
 * with the names the grid needs. `pending` (staff only) = the net changes not yet notified.
 */
export interface WeeklyScheduleAnswer {
  data: DriverSchedule & {
    drivers: WeeklyDriver[];
    vehicles: WeeklyVehicle[];
    routes: WeeklyRoute[];
    pending?: WeeklyChange[];
    /** The caller may edit (roles 0, 1). */
    canEdit: boolean;
    /** The caller's own fleet driver ids (their rows are highlighted). */
    mine: string[];
  };
}
/** POST /api/driverschedule/update {schedule, notify?}: notify = true (every affected driver) or the driver ids. */
export interface WeeklyUpdateBody {
  schedule: DriverSchedule;
  notify?: boolean | string[];
}
export interface WeeklyUpdateAnswer {
  data: DriverSchedule & { warnings: string[]; pending: WeeklyChange[]; notified: string[] };
}
/** POST /api/driverschedule/copy {from, to, force?} (roles 0, 1). */
export interface WeeklyCopyBody {
  from: string;
  to: string;
  force?: boolean;
}

// --- the weekly schedule reaching the orders (orders §7 POST /orders/fixorders) ---
/**
 * One route-day of a week as the schedule runs it: who drives route `route` on `day` (1 Monday … 7 Sunday) and
 * with which vehicle. Cancelled rows run nothing; a training row counts only when no other row runs the route.
 */
export interface DriverAssignment {
  day: number;
  /** YYYY-MM-DD of that day. */
  date: string;
  route: string;
  /** The route's name when the schedule knows it: an order may name its route by name (the order form saves it). */
  routeName?: string;
  driver: string;
  vehicle?: string;
}
/**
 * POST /api/orders/fixorders {week, hashes?, notify?} (roles 0, 1): every order of the week on a scheduled route and
 * day gets that day's driver and vehicle (pickup leg on its pickup route and date, delivery leg on its route and
 * delivery date). `hashes` narrows it to route-days, each `"{day}:{routeId}"` (absent or empty = the whole week);
 * `notify` is the weekly save's (the drivers' mails are routing's and notifications'; orders mails no one for it).
 */
export interface FixOrdersBody {
  week: string;
  hashes?: string[];
  notify?: boolean;
}
/** One order the schedule assigns, and whether this call changed it. */
export interface FixOrdersItem {
  id: string;
  orderId: string;
  driver: { pickup?: string; delivery?: string };
  vehicle: { pickup?: string; delivery?: string };
  changed: boolean;
  /** The pickup driver changed within 24 hours of the pickup date (shown red). */
  pickupChange?: string;
}
export interface FixOrdersAnswer {
  message: string;
  data: { week: string; ordersToUpdate: FixOrdersItem[]; updated: number; failed: string[] };
}
export const FixOrdersMessages = {
  badWeek: 'Please choose a valid week (YYYY-MM-DD).',
  badHash: 'Each route-day must read "{day}:{routeId}" with a day from 1 (Monday) to 7 (Sunday).',
  scheduleUnavailable:
    'The weekly schedule could not be read right now, so no order was changed. Please try again in a minute.',
  done: (updated: number, total: number) =>
    updated
      ? `${updated} of ${total} scheduled orders got their driver and vehicle.`
      : total
        ? `All ${total} scheduled orders already had their driver and vehicle.`
        : 'No order of this week is on a scheduled route and day.',
} as const;

/** YYYY-MM-DD of day `day` (1 Monday … 7 Sunday) of the week starting `monday` (YYYY-MM-DD). */
export function weekDayDate(monday: string, day: number): string {
  const t = Date.parse(`${monday}T00:00:00Z`) + (day - 1) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The route-days a week's schedule runs (one place for routing's event and orders' fixorders): per day and route
 * the first row that is not cancelled and not training, else the first training row; rows without a route or a
 * driver run nothing. Ordered by day, then as listed. Pure.
 */
export function assignmentsOf(
  monday: string,
  days: Record<string, DriverScheduleEntry[] | undefined>,
  routeNames?: ReadonlyMap<string, string>,
): DriverAssignment[] {
  const out: DriverAssignment[] = [];
  for (let day = 1; day <= 7; day++) {
    const chosen = new Map<string, DriverScheduleEntry>();
    for (const e of days[String(day)] ?? []) {
      const route = (e.route ?? '').trim();
      if (!route || !(e.driver ?? '').trim() || e.misc?.cancelled) continue;
      const had = chosen.get(route);
      if (!had || (had.misc?.training && !e.misc?.training)) chosen.set(route, e);
    }
    for (const [route, e] of chosen) {
      const vehicle = (e.vehicle ?? '').trim();
      out.push({
        day,
        date: weekDayDate(monday, day),
        route,
        ...(routeNames?.get(route) ? { routeName: routeNames.get(route)! } : {}),
        driver: e.driver.trim(),
        ...(vehicle ? { vehicle } : {}),
      });
    }
  }
  return out;
}
