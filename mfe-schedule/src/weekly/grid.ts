import type { DriverScheduleEntry, WeeklyChange, WeeklyDriver } from '@portal/contracts/dispatch';

/** The week's days as the service stores them: '1' (Monday) … '7' → entries. */
export type Days = Record<string, DriverScheduleEntry[]>;
export const GRID_DAYS = ['1', '2', '3', '4', '5'] as const;

/** The entry of a driver on a day, if any. */
export const entryOf = (days: Days, driver: string, day: string) =>
  (days[day] ?? []).find((e) => e.driver === driver);

/** Days with one driver's entry on one day replaced (null = taken off that day). Pure. */
export function setEntry(days: Days, driver: string, day: string, entry: DriverScheduleEntry | null): Days {
  const list = (days[day] ?? []).filter((e) => e.driver !== driver);
  const next = entry ? [...list, entry] : list;
  const out = { ...days, [day]: next };
  if (!next.length) delete out[day];
  return out;
}

/** Drivers with at least one entry in the week. */
export const driversOnWeek = (days: Days) =>
  new Set(Object.values(days).flatMap((l) => l.map((e) => e.driver)));

/**
 * The grid's rows: every driver when `showAll`, else the drivers with an entry this week plus those added by hand
 * (Add Driver) and not saved yet; by name. Pure.
 */
export function rowsOf(
  drivers: WeeklyDriver[],
  days: Days,
  showAll: boolean,
  added: string[],
): WeeklyDriver[] {
  const on = driversOnWeek(days);
  return drivers
    .filter((d) => (showAll && !d.deleted) || on.has(d.id) || added.includes(d.id))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const cellKey = (e: DriverScheduleEntry | undefined) => (e ? `${e.route ?? ''}|${e.vehicle ?? ''}` : null);

/**
 * The changes not yet notified, in the browser: the service's pending list (saved, not notified) and the edits not
 * saved yet (the current days against the days loaded), per driver and day. An edit back to what was loaded
 * cancels out. Returns the affected driver ids. Pure.
 */
export function affectedNow(pending: WeeklyChange[], loaded: Days, current: Days): string[] {
  const ids = new Set(pending.map((c) => c.driverId));
  const drivers = new Set([...driversOnWeek(loaded), ...driversOnWeek(current)]);
  for (const d of drivers)
    for (const day of ['1', '2', '3', '4', '5', '6', '7'])
      if (cellKey(entryOf(loaded, d, day)) !== cellKey(entryOf(current, d, day))) ids.add(d);
  return [...ids];
}

/** The days are not what was loaded (unsaved edits, extras included). */
export const isDirty = (loaded: Days, current: Days) =>
  JSON.stringify(norm(loaded)) !== JSON.stringify(norm(current));
function norm(days: Days) {
  return Object.fromEntries(
    Object.keys(days)
      .sort()
      .map((k) => [k, [...(days[k] ?? [])].sort((a, b) => a.driver.localeCompare(b.driver))]),
  );
}
