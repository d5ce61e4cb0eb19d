import { serviceDue, STAFF_ROLES, type ServiceDue, type VehicleData } from '@portal/contracts';
import { PortalUser } from '../models/portal-user.js';
import { queue, serviceDueEvent } from '../events/publishes.js';

/** Keys kept per vehicle: enough for years of crossings; the oldest go first. */
export const ANNOUNCED_MAX = 50;

/**
 * The name of one crossing: the alert's kind and the baseline it counts from (the last change's mileage, or the
 * expiry day). Saving the vehicle again, or driving further, keeps the key, so it is announced once; an oil change
 * (new baseline) or a renewed registration (new day) starts a new one. Pure.
 */
export function crossingKey(
  due: ServiceDue,
  data: Pick<VehicleData, 'mileage_loc' | 'mileage_tirechange' | 'mileage_brakes'>,
): string {
  switch (due.kind) {
    case 'oil':
      return `oil@${data.mileage_loc}`;
    case 'tires':
      return `tires@${data.mileage_tirechange}`;
    case 'brakes':
      return `brakes@${data.mileage_brakes}`;
    default:
      return `${due.kind}@${due.expiresOn}`;
  }
}

/** The alerts of a vehicle not announced yet, each with its key. Pure. */
export function newCrossings(
  v: { mileage: number; data: VehicleData },
  announced: readonly string[],
  today: Date,
): { due: ServiceDue; key: string }[] {
  return serviceDue(v, today)
    .map((due) => ({ due, key: crossingKey(due, v.data) }))
    .filter(({ key }) => !announced.includes(key));
}

/** The staff addresses fleet knows (its read model of accounts users): who the alert mail goes to. */
export async function staffRecipients(): Promise<string[]> {
  // one equality query per staff role (index-served; an $in is not pushed down the same way)
  const lists = await Promise.all(
    STAFF_ROLES.map((role) =>
      PortalUser.find(staffFilter(role)).select({ email: 1 }).lean<{ email: string }[]>(),
    ),
  );
  return [...new Set(lists.flat().map((u) => u.email))].sort();
}
export const staffFilter = (role: number) => ({ role, deleted: false, suspended: false });

interface Announceable {
  _id: unknown;
  name: string;
  lic?: string | null;
  mileage?: number | null;
  announced: string[];
}

/**
 * Queues `fleet.vehicle.service-due.v1` on the vehicle document for every new crossing and records its key, so the
 * caller's save() writes both at once (the outbox). Returns the keys announced.
 */
export async function announceCrossings(
  doc: Announceable,
  view: { mileage: number; data: VehicleData },
  today: Date,
): Promise<string[]> {
  const crossings = newCrossings(view, doc.announced ?? [], today);
  if (!crossings.length) return [];
  const recipients = await staffRecipients();
  for (const { due, key } of crossings) {
    queue(doc, serviceDueEvent(doc, view.mileage, due, key, recipients));
  }
  doc.announced = [...(doc.announced ?? []), ...crossings.map((c) => c.key)].slice(-ANNOUNCED_MAX);
  return crossings.map((c) => c.key);
}
