import {
  DispatchMessages as D,
  WeeklyMessages as W,
  type DriverScheduleEntry,
  type WeeklyVehicle,
} from '@portal/contracts/dispatch';
import { Problem } from '@portal/service-kit';
import { DAY_KEYS, type Days } from './changes.js';

const DAY_MS = 86_400_000;
export const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const NOTES_MAX = 500;

/**
 * The Monday (UTC start of week, orders §9) of the week holding `date` (YYYY-MM-DD or an ISO time), as YYYY-MM-DD;
 * null when it is not a date. Pure.
 */
export function weekOf(date: string | undefined): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  const t = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(day - weekday * DAY_MS).toISOString().slice(0, 10);
}
export const dayDate = (week: string, day: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + (day - 1) * DAY_MS).toISOString().slice(0, 10);

/** What the validation knows: ids → names (drivers, vehicles) and the route ids that may be chosen. */
export interface Known {
  drivers: Map<string, string>;
  vehicles: Map<string, WeeklyVehicle>;
  routes: Set<string>;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The days as they will be stored: keys '1'…'7' only, each entry's driver known (else the spec's "Please first
 * select a valid driver"), vehicle and route known or empty, one row per driver and day, notes ≤ 500, flags as
 * booleans. Throws a 400 Problem with the first fault. Pure.
 */
export function cleanDays(days: Record<string, unknown>, known: Known): Days {
  const out: Days = {};
  for (const [key, list] of Object.entries(days ?? {})) {
    if (!(DAY_KEYS as readonly string[]).includes(key) || !Array.isArray(list))
      throw new Problem(400, W.badDay);
    const seen = new Set<string>();
    out[key] = list.map((raw: Partial<DriverScheduleEntry>) => {
      const driver = str(raw?.driver);
      if (!driver || !known.drivers.has(driver)) throw new Problem(400, D.selectDriver);
      if (seen.has(driver)) throw new Problem(400, W.twice(known.drivers.get(driver)!, DAY_NAMES[+key - 1]!));
      seen.add(driver);
      const vehicle = str(raw.vehicle);
      if (vehicle && !known.vehicles.has(vehicle)) throw new Problem(400, W.unknownVehicle(vehicle));
      const route = str(raw.route);
      if (route && !known.routes.has(route)) throw new Problem(400, W.unknownRoute(route));
      const misc = raw.misc ?? {};
      const notes = typeof misc.notes === 'string' ? misc.notes.trim() : '';
      if (notes.length > NOTES_MAX) throw new Problem(400, W.notesTooLong);
      return {
        driver,
        vehicle,
        route,
        misc: { backHaul: !!misc.backHaul, training: !!misc.training, cancelled: !!misc.cancelled, notes },
      };
    });
    if (!out[key]!.length) delete out[key];
  }
  return out;
}

/**
 * Warnings for the vehicles assigned: inactive (status 0), service due (`due` non-empty), or the same
 * vehicle on two drivers the same day. Each names the day and driver. Cancelled rows are skipped. Pure.
 */
export function vehicleWarnings(days: Days, known: Known): string[] {
  const out: string[] = [];
  for (const key of DAY_KEYS) {
    const used = new Map<string, string[]>();
    for (const e of days[key] ?? []) {
      if (!e.vehicle || e.misc?.cancelled) continue;
      const v = known.vehicles.get(e.vehicle);
      if (!v) continue;
      const where = `${DAY_NAMES[+key - 1]}, ${known.drivers.get(e.driver) ?? e.driver}`;
      if (v.status === 0) out.push(W.vehicleInactive(v.name, where));
      if (v.due.length) out.push(W.vehicleDue(v.name, v.due.join(', '), where));
      used.set(e.vehicle, [...(used.get(e.vehicle) ?? []), known.drivers.get(e.driver) ?? e.driver]);
    }
    for (const [id, names] of used)
      if (names.length > 1)
        out.push(W.vehicleTwice(known.vehicles.get(id)!.name, `${DAY_NAMES[+key - 1]}: ${names.join(', ')}`));
  }
  return out;
}

/** A week's days are empty when no day has an entry. */
export const isEmpty = (days: Days) => DAY_KEYS.every((k) => !(days[k] ?? []).length);
