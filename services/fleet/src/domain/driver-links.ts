import { Role, type DriverLinkData } from '@portal/contracts';
import type { NewEvent } from '@portal/service-kit';
import { PortalUser } from '../models/portal-user.js';
import { driverLinked, driverUnlinked } from '../events/publishes.js';

export interface LinkUser {
  userId: string;
  email: string;
  role?: number | null;
  deleted?: boolean | null;
}
type UnlinkReason = NonNullable<DriverLinkData['reason']>;

/**
 * The portal user a driver record links to: the live user with the record's email and the driver role.
 * Suspension does not unlink (the account is blocked where it signs in; the link is identity). Accounts keeps one
 * live user per email; when the read model holds several (a copy whose deletion never reached fleet, e.g. after a
 * data set was reset), the newest account wins — accounts' ids are ObjectIds, which begin with their creation time —
 * so the choice never flips to a stale copy with the read model's order. Pure.
 */
export function linkFor(email: string, users: readonly LinkUser[]): LinkUser | undefined {
  if (!email) return undefined;
  let best: LinkUser | undefined;
  for (const u of users)
    if (u.email === email && u.role === Role.Driver && !u.deleted && (!best || u.userId > best.userId))
      best = u;
  return best;
}

/**
 * The events moving a driver record's link from `before` to `after` (ids, '' for none): unlinked then linked. The
 * reason says what ended the old link. Pure.
 */
export function linkEvents(
  driver: { _id: unknown; email: string },
  before: { userId: string; email: string },
  after: LinkUser | undefined,
  reason: UnlinkReason,
): NewEvent[] {
  const driverId = String(driver._id);
  if ((after?.userId ?? '') === before.userId) return [];
  const events: NewEvent[] = [];
  if (before.userId)
    events.push(driverUnlinked({ driverId, userId: before.userId, email: before.email, reason }));
  if (after) events.push(driverLinked({ driverId, userId: after.userId, email: after.email }));
  return events;
}

/** The users of the read model with this email (what linkFor chooses from). */
export async function usersWithEmail(email: string): Promise<LinkUser[]> {
  if (!email) return [];
  return PortalUser.find({ email }).lean<LinkUser[]>();
}
