import { Driver, type DriverDoc } from '../models/driver.js';
import type { DriverView } from '../schemas.js';

/** Live drivers (deleted ones stay for history), by name. Who may ask is the route's guard (staff). */
export const DRIVER_LIST_FILTER = { deleted: false } as const;
export const DRIVER_LIST_SORT = { name: 1, _id: 1 } as const;

export function toDriverView(d: DriverDoc): DriverView {
  return {
    id: String(d._id),
    name: d.name,
    phone: d.phone ?? '',
    email: d.email ?? '',
    lic: d.lic ?? '',
    occLic: d.occLic ?? '',
  };
}

export async function listDrivers(): Promise<DriverView[]> {
  const docs = await Driver.find(DRIVER_LIST_FILTER).sort(DRIVER_LIST_SORT).lean<DriverDoc[]>();
  return docs.map(toDriverView);
}
