import { expandUtility } from '@portal/contracts';
import { type WeeklyDriver, type WeeklyRoute, type WeeklyVehicle } from '@portal/contracts/dispatch';
import { driverById, listDrivers, listVehicles, vehicleById } from '../../readmodels/fleet.js';
import { listRoutes } from '../routes.js';
import { DAY_KEYS, type Days } from './changes.js';
import type { Known } from './validate.js';

/** Everything the grid and the validation name: drivers (with emails), vehicles, routes (utility expanded). */
export interface Names {
  drivers: WeeklyDriver[];
  vehicles: WeeklyVehicle[];
  routes: WeeklyRoute[];
}

const idsIn = (days: Days, field: 'driver' | 'vehicle' | 'route') =>
  new Set(DAY_KEYS.flatMap((k) => (days[k] ?? []).map((e) => e[field] ?? '')).filter(Boolean));

/**
 * Live drivers, vehicles and routes, plus the deleted drivers and vehicles an existing week still names (so an old
 * week shows and saves as it was). From routing's read models and its own routes: no call to another service.
 */
export async function loadNames(...weeks: Days[]): Promise<Names> {
  const [liveDrivers, liveVehicles, routes] = await Promise.all([
    listDrivers(),
    listVehicles(),
    listRoutes(0),
  ]);
  const drivers: WeeklyDriver[] = liveDrivers.map((d) => ({ id: d.id, name: d.name, email: d.email }));
  const vehicles: WeeklyVehicle[] = liveVehicles.map((v) => ({
    id: v.id,
    name: v.name,
    lic: v.lic,
    status: v.status,
    due: v.due,
  }));
  const haveD = new Set(drivers.map((d) => d.id));
  const haveV = new Set(vehicles.map((v) => v.id));
  for (const days of weeks) {
    for (const id of idsIn(days, 'driver')) {
      if (haveD.has(id)) continue;
      const d = await driverById(id);
      if (d) drivers.push({ id, name: d.name, email: d.email, deleted: true });
      haveD.add(id);
    }
    for (const id of idsIn(days, 'vehicle')) {
      if (haveV.has(id)) continue;
      const v = await vehicleById(id);
      if (v) vehicles.push({ id, name: v.name, lic: v.lic, status: v.status, due: v.due, deleted: true });
      haveV.add(id);
    }
  }
  return {
    drivers,
    vehicles,
    routes: expandUtility(routes).map((r) => ({ id: r.id, name: r.name, startTime: r.data.startTime })),
  };
}

/** The validation's view of the names; route ids the stored week already has stay valid (a deleted route). */
export function knownOf(names: Names, stored: Days = {}): Known {
  return {
    drivers: new Map(names.drivers.map((d) => [d.id, d.name])),
    vehicles: new Map(names.vehicles.map((v) => [v.id, v])),
    routes: new Set([...names.routes.map((r) => r.id), ...idsIn(stored, 'route')]),
  };
}

/** Names only, for the public page and non-staff: no emails, no plates; with weekOnly, the drivers of the week only. */
export function publicNames(names: Names, days: Days, weekOnly: boolean): Names {
  const onWeek = idsIn(days, 'driver');
  return {
    drivers: names.drivers
      .filter((d) => !weekOnly || onWeek.has(d.id))
      .map((d) => ({ id: d.id, name: d.name, ...(d.deleted ? { deleted: true } : {}) })),
    vehicles: names.vehicles.map(({ lic: _l, ...v }) => v),
    routes: names.routes,
  };
}
