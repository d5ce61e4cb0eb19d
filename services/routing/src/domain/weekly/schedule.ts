import {
  Subjects,
  canManageRoutes,
  type DriverScheduleChangedData,
  type RoleNumber,
} from '@portal/contracts';
import {
  WeeklyMessages as W,
  assignmentsOf,
  type WeeklyChange,
  type WeeklyCopyBody,
  type WeeklyScheduleAnswer,
  type WeeklyUpdateAnswer,
  type WeeklyUpdateBody,
} from '@portal/contracts/dispatch';
import { Problem, type AuthUser, type OutboxMethods } from '@portal/service-kit';
import { fleetDriverIdsOfUser } from '../../readmodels/fleet.js';
import { DriverScheduleModel, type DriverScheduleDoc } from '../../models/driver-schedule.js';
import { advanceBaseline, affectedDrivers, diffDays, type CellChange, type Days } from './changes.js';
import { cleanDays, dayDate, isEmpty, vehicleWarnings, weekOf } from './validate.js';
import { knownOf, loadNames, publicNames, type Names } from './names.js';

/** Writes and the editors' extras (pending changes, emails): roles 0, 1 (orders §2: not drivers, not companies). */
export const canEditWeek = (role: RoleNumber) => canManageRoutes(role);

const daysOf = (doc: DriverScheduleDoc | null): Days => (doc?.days ?? {}) as Days;
const notifiedOf = (doc: DriverScheduleDoc | null): Days => (doc?.notified ?? {}) as Days;

export function mondayOrThrow(date: string | undefined): string {
  const week = weekOf(date);
  if (!week) throw new Problem(400, W.badDate);
  return week;
}
const findWeek = (week: string) => DriverScheduleModel.findOne({ week }).lean<DriverScheduleDoc>();

const toWire = (c: CellChange): WeeklyChange => ({ ...c });

/** GET|POST /driverschedule: the week with names; staff get emails and the pending changes. */
export async function readWeek(
  date: string | undefined,
  user: AuthUser | null,
): Promise<WeeklyScheduleAnswer> {
  const week = mondayOrThrow(date ?? new Date().toISOString());
  const doc = await findWeek(week);
  const days = daysOf(doc);
  const names = await loadNames(days);
  const staff = !!user && canEditWeek(user.role);
  const shown = staff ? names : publicNames(names, days, true);
  return {
    data: {
      ...(doc ? { id: String(doc._id), lastUpdated: new Date(doc.lastUpdated).toISOString() } : {}),
      date: week,
      data: { days },
      ...shown,
      ...(staff ? { pending: diffDays(notifiedOf(doc), days).map(toWire) } : {}),
      canEdit: staff,
      mine: user ? await fleetDriverIdsOfUser(user.sub, user.email) : [],
    },
  };
}

/** The event's changes with the names and emails a mail needs (routing.driverschedule.changed.v1). */
function eventChanges(
  week: string,
  changes: CellChange[],
  names: Names,
): DriverScheduleChangedData['changes'] {
  const driver = new Map(names.drivers.map((d) => [d.id, d]));
  const vehicle = new Map(names.vehicles.map((v) => [v.id, v.name]));
  const route = new Map(names.routes.map((r) => [r.id, r.name]));
  const ref = (c: CellChange['before']) =>
    c && {
      ...(c.route ? { route: c.route, routeName: route.get(c.route) ?? c.route } : {}),
      ...(c.vehicle ? { vehicle: c.vehicle, vehicleName: vehicle.get(c.vehicle) ?? c.vehicle } : {}),
    };
  return changes.map((c) => {
    const d = driver.get(c.driverId);
    return {
      driverId: c.driverId,
      driverName: d?.name ?? c.driverId,
      ...(d?.email ? { email: d.email } : {}),
      day: c.day,
      date: dayDate(week, c.day),
      before: ref(c.before),
      after: ref(c.after),
    };
  });
}

interface Write {
  week: string;
  doc: DriverScheduleDoc | null;
  days: Days;
  notified: Days;
  event: Omit<DriverScheduleChangedData, 'id'> | null;
}

/** One guarded write: a new week (unique `week`) or the version read (`lastUpdated`); a lost race is a 409. */
async function write({
  week,
  doc,
  days,
  notified,
  event,
}: Write): Promise<{ id: string; lastUpdated: Date }> {
  const now = new Date();
  if (!doc) {
    const fresh = new DriverScheduleModel({ week, days, notified, created: now, lastUpdated: now });
    if (event)
      (fresh as unknown as OutboxMethods).addEvent(Subjects.driverScheduleChanged, {
        id: String(fresh._id),
        ...event,
      });
    try {
      await fresh.save();
    } catch (e) {
      if ((e as { code?: number }).code === 11000) throw new Problem(409, W.changedMeanwhile);
      throw e;
    }
    return { id: String(fresh._id), lastUpdated: now };
  }
  const events = event
    ? [{ subject: Subjects.driverScheduleChanged, data: { id: String(doc._id), ...event } }]
    : [];
  const res = await DriverScheduleModel.updateOneWithEvents(
    { _id: doc._id, lastUpdated: doc.lastUpdated },
    { $set: { days, notified, lastUpdated: now } },
    events as never,
  );
  if (res.matchedCount === 0) throw new Problem(409, W.changedMeanwhile);
  return { id: String(doc._id), lastUpdated: now };
}

/** Route id → name, so orders can match an order that names its route by name. */
const routeNamesOf = (names: { routes: { id: string; name: string }[] }) =>
  new Map(names.routes.map((r) => [r.id, r.name] as const));

/**
 * POST /driverschedule/update {schedule, notify?}: the days validated and stored against the version the editor
 * read; notify (true = every affected driver, or a list of driver ids) tells those drivers their net changes since
 * they were last told and moves their baseline. The event carries either the notified drivers' changes (notify) or
 * this save's own changes; nothing changed and no notify → no event.
 */
export async function saveWeek(body: WeeklyUpdateBody, user: AuthUser): Promise<WeeklyUpdateAnswer> {
  const week = mondayOrThrow(body.schedule?.date);
  const doc = await findWeek(week);
  if (doc && body.schedule.lastUpdated !== new Date(doc.lastUpdated).toISOString())
    throw new Problem(409, W.changedMeanwhile);
  const names = await loadNames(daysOf(doc));
  const known = knownOf(names, daysOf(doc));
  const days = cleanDays(body.schedule.data?.days ?? {}, known);
  const pendingBefore = diffDays(notifiedOf(doc), days);
  const affected = affectedDrivers(pendingBefore);
  const asked = body.notify === true ? affected : Array.isArray(body.notify) ? body.notify : [];
  const told = affected.filter((id) => asked.includes(id));
  const notified = told.length ? advanceBaseline(notifiedOf(doc), days, told) : notifiedOf(doc);
  const changes = told.length
    ? pendingBefore.filter((c) => told.includes(c.driverId))
    : diffDays(daysOf(doc), days);
  const by = { userId: user.sub, name: user.name || user.email };
  const event = changes.length
    ? {
        week,
        notify: told.length > 0,
        by,
        changes: eventChanges(week, changes, names),
        assignments: assignmentsOf(week, days, routeNamesOf(names)),
      }
    : null;
  const saved = await write({ week, doc, days, notified, event });
  return {
    data: {
      id: saved.id,
      date: week,
      data: { days },
      lastUpdated: saved.lastUpdated.toISOString(),
      warnings: vehicleWarnings(days, known),
      pending: diffDays(notified, days).map(toWire),
      notified: told,
    },
  };
}

/**
 * POST /driverschedule/copy {from, to, force?}: the source week's days become the target's (a week with entries is
 * only overwritten with force → else 409). The target keeps its notify baseline: the copy shows as pending.
 */
export async function copyWeek(body: WeeklyCopyBody, user: AuthUser): Promise<WeeklyUpdateAnswer> {
  const from = mondayOrThrow(body.from);
  const to = mondayOrThrow(body.to);
  if (from === to) throw new Problem(400, W.sameWeek);
  const [source, target] = await Promise.all([findWeek(from), findWeek(to)]);
  const days = daysOf(source);
  if (!isEmpty(daysOf(target)) && !body.force) throw new Problem(409, W.weekNotEmpty(to));
  const names = await loadNames(days, daysOf(target));
  const changes = diffDays(daysOf(target), days);
  const by = { userId: user.sub, name: user.name || user.email };
  const event = changes.length
    ? {
        week: to,
        notify: false,
        by,
        changes: eventChanges(to, changes, names),
        assignments: assignmentsOf(to, days, routeNamesOf(names)),
      }
    : null;
  const notified = notifiedOf(target);
  const saved = await write({ week: to, doc: target, days, notified, event });
  return {
    data: {
      id: saved.id,
      date: to,
      data: { days },
      lastUpdated: saved.lastUpdated.toISOString(),
      warnings: vehicleWarnings(days, knownOf(names, days)),
      pending: diffDays(notified, days).map(toWire),
      notified: [],
    },
  };
}
