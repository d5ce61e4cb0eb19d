import type { DriverScheduleEntry } from '@portal/contracts/dispatch';

/** The days of a week's schedule as stored: '1' (Monday) … '7' (Sunday) → entries. */
export type Days = Record<string, DriverScheduleEntry[]>;

/** What a driver does on one day, as far as a change goes: the route and the vehicle (driver = the key). */
export interface Cell {
  route?: string;
  vehicle?: string;
}

/** One net change: a driver's day before and after (null = not scheduled that day). */
export interface CellChange {
  driverId: string;
  /** 1 (Monday) … 7 (Sunday). */
  day: number;
  before: Cell | null;
  after: Cell | null;
}

export const DAY_KEYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

const clean = (s: string | undefined) => (s ?? '').trim();
/** The cell of one entry: empty route/vehicle fields are absent (so '' and undefined compare equal). */
export function cellOf(e: DriverScheduleEntry): Cell {
  const route = clean(e.route);
  const vehicle = clean(e.vehicle);
  return { ...(route ? { route } : {}), ...(vehicle ? { vehicle } : {}) };
}

/** driver → day → cell; the first entry wins when a driver is listed twice on a day (validation refuses that). */
export function cellsOf(days: Days): Map<string, Map<number, Cell>> {
  const out = new Map<string, Map<number, Cell>>();
  for (const key of DAY_KEYS) {
    for (const e of days[key] ?? []) {
      const driver = clean(e.driver);
      if (!driver) continue;
      const byDay = out.get(driver) ?? new Map<number, Cell>();
      if (!byDay.has(Number(key))) byDay.set(Number(key), cellOf(e));
      out.set(driver, byDay);
    }
  }
  return out;
}

const sameCell = (a: Cell | null, b: Cell | null) =>
  a === b || (!!a && !!b && a.route === b.route && a.vehicle === b.vehicle);

/**
 * The net changes from `before` to `after`, per driver and day (orders §4 "Weekly schedule change tracking"):
 * the route or vehicle of a driver's day changed, or the driver was added to or taken off that day. A row with
 * no route and no vehicle still counts as scheduled. Extras (backhaul, training, cancelled, notes) are not
 * changes to notify. Comparing against the original, a change made and then undone is no change. Pure;
 * ordered by driver id then day.
 */
export function diffDays(before: Days, after: Days): CellChange[] {
  const a = cellsOf(before);
  const b = cellsOf(after);
  const drivers = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: CellChange[] = [];
  for (const driverId of drivers) {
    for (let day = 1; day <= 7; day++) {
      const was = a.get(driverId)?.get(day) ?? null;
      const now = b.get(driverId)?.get(day) ?? null;
      if (!sameCell(was, now)) changes.push({ driverId, day, before: was, after: now });
    }
  }
  return changes;
}

/** The drivers a list of changes affects (in order). */
export const affectedDrivers = (changes: CellChange[]) => [...new Set(changes.map((c) => c.driverId))];

/**
 * The notified baseline after a notify to `drivers`: their days become what `current` has, every other driver's
 * days stay as in `baseline` (their changes remain pending). Pure.
 */
export function advanceBaseline(baseline: Days, current: Days, drivers: string[]): Days {
  const told = new Set(drivers);
  const out: Days = {};
  for (const key of DAY_KEYS) {
    const keep = (baseline[key] ?? []).filter((e) => !told.has(clean(e.driver)));
    const take = (current[key] ?? []).filter((e) => told.has(clean(e.driver)));
    if (keep.length || take.length) out[key] = [...keep, ...take];
  }
  return out;
}
