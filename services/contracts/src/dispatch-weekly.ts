/**
 * Dispatch (issue 14): the weekly driver schedule calls and words. Plain types and constants (browser-safe); the whole of dispatch is the
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

// --- weekly driver schedule (issue 14 weekly part) ---
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
