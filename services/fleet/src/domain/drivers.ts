import { FleetMessages, Messages, isValidEmail, type Driver as DriverView } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Driver, type DriverDoc } from '../models/driver.js';
import type { DriverInputBody } from '../schemas/drivers.js';
import { driverChanged, queue } from '../events/publishes.js';
import { linkEvents, linkFor, usersWithEmail } from './driver-links.js';
import { toDriverView } from './views.js';

/** Live drivers (deleted ones stay for history), by name. Who may ask is the route's guard (staff). */
export const DRIVER_LIST_FILTER = { deleted: false } as const;
export const DRIVER_LIST_SORT = { name: 1, _id: 1 } as const;

export async function listDrivers(where: { q?: string } = {}): Promise<DriverView[]> {
  const docs = await Driver.find(DRIVER_LIST_FILTER).sort(DRIVER_LIST_SORT).lean<DriverDoc[]>();
  const q = where.q?.trim().toLowerCase();
  const views = docs.map(toDriverView);
  // tens of drivers: the search runs over the rows, the query stays the index-served one
  return q
    ? views.filter((d) => [d.name, d.email, d.phone, d.lic].some((s) => s.toLowerCase().includes(q)))
    : views;
}

/** What is wrong with a driver row (the spec names no rule: a name, and an email that can be mailed). Pure. */
export function driverProblem(d: DriverInputBody, isNew: boolean): string | undefined {
  if ((isNew || d.name !== undefined) && !d.name?.trim()) return Messages.fieldRequired('Name');
  const email = d.email?.trim().toLowerCase();
  if (email && !isValidEmail(email)) return Messages.invalidEmail;
  return undefined;
}

/**
 * POST /drivers/update {driver}: creates the driver when the row has no id (the spec has no create call), else
 * updates it; then links the record to the portal driver with its email, or unlinks it — events on the record.
 */
export async function saveDriver(input: DriverInputBody): Promise<{ driver: DriverView; created: boolean }> {
  const problem = driverProblem(input, !input.id);
  if (problem) throw new Problem(400, problem);
  const doc = input.id ? await Driver.findOne({ _id: input.id, deleted: false }) : new Driver();
  if (!doc) throw new Problem(404, FleetMessages.driverNotFound);
  const before = { userId: doc.userId ?? '', email: doc.email ?? '' };
  const { id: _id, ...fields } = input;
  doc.set({ ...fields, ...(fields.email !== undefined ? { email: fields.email.trim().toLowerCase() } : {}) });
  const link = linkFor(doc.email ?? '', await usersWithEmail(doc.email ?? ''));
  for (const ev of linkEvents(doc, before, link, 'driver-email-changed')) queue(doc, ev);
  doc.userId = link?.userId ?? '';
  queue(doc, driverChanged(input.id ? 'updated' : 'created', doc));
  await doc.save();
  return { driver: toDriverView(doc.toObject()), created: !input.id };
}

/** POST /drivers/delete {driver: {id}}: flagged deleted, its user link ended. */
export async function deleteDriver(id: string): Promise<void> {
  const doc = await Driver.findOne({ _id: id, deleted: false });
  if (!doc) throw new Problem(404, FleetMessages.driverNotFound);
  for (const ev of linkEvents(
    doc,
    { userId: doc.userId ?? '', email: doc.email ?? '' },
    undefined,
    'driver-deleted',
  ))
    queue(doc, ev);
  doc.userId = '';
  doc.deleted = true;
  queue(doc, driverChanged('deleted', doc));
  await doc.save();
}
