import {
  DEFAULT_PAGE_SIZE,
  Messages,
  ORDER_HISTORY_DAYS,
  OrderStatus,
  Role,
  isStaff,
  type OrderListKind,
  type OrderListParams,
  type OrderSortColumn,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { dayOf, licenceKey, searchWords, weekOf } from './list-keys.js';
import { KEYSET_COLUMNS, SORT_PATHS } from './lists-rows.js';

/**
 * Which orders a list holds, as a plan (pure: unit-tested without a database). Every plan is a set of SCOPES, each
 * only top-level equalities on the list keys (what FerretDB pushes down and a GIN index serves: docs/DATA.md rule 1),
 * each narrowing to ~1,000 orders or fewer; the RESIDUAL (ranges, $in, search prefixes) is applied among the rows a
 * scope returns. Several scopes (a company's licences, the days of a range, the months of all history) are
 * queried one by one and merged in the caller's sort. A company's and a driver's lists are scoped by their own key
 * alone (a company's or a driver's orders do not grow with the portal), their week or window a range among them.
 */
export interface ListCaller {
  role: RoleNumber;
  /** licenceKey of every licence of the caller's company (members read model). */
  companyKeys: string[];
  /** The fleet driver the caller is linked to (drivers). */
  driverId?: string;
  /** Who counts as "the caller's company" for the placed list (its members' user ids and subjects). */
  memberIds?: string[];
}

export type Filter = Record<string, unknown>;
export interface ListPlan {
  kind: OrderListKind;
  scopes: Filter[];
  residual: Filter;
  sort: { column: OrderSortColumn; path: string; dir: 1 | -1 };
  keyset: boolean;
  limit: number;
  /** The search box's words (searchWords): each must prefix one of an order's search tokens. */
  words: string[];
  /**
   * The scopes are months (the driver's list: windows), newest first, and the sort is newest first: they are read in
   * turn until a page is full (the driver's list, and all history without a search).
   */
  monthly?: boolean;
  /**
   * The scopes on the list rows, when they differ from the orders' (the driver's list: one per side of the order,
   * each a scalar key read in order from its btree, instead of the orders' array key windows).
   */
  rowScopes?: Filter[];
}

/** What a plan may need beyond the parameters: when the oldest order was created (all history without a search). */
export interface PlanOpts {
  historySince?: Date;
}

export const MAX_RANGE_DAYS = 62;
export const ListMessages = {
  allHistoryNeedsScope: 'Show All History needs a company or a search',
  rangeTooLong: `A date range covers at most ${MAX_RANGE_DAYS} days`,
  rangeOrder: 'The end of the range is before its start',
  driverLimit: 'limit must be 200 or 300 for the driver list',
} as const;

const DAY = 86_400_000;
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));

/** The UTC months ('YYYY-MM') from `from` to `to`, newest first. */
export function monthsBetween(from: Date, to: Date): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1));
  const stop = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1);
  for (; d.getTime() >= stop; d.setUTCMonth(d.getUTCMonth() - 1)) out.push(dayOf(d).slice(0, 7));
  return out;
}

const each = (field: string, values: readonly unknown[]) => [...new Set(values)].map((v) => ({ [field]: v }));

/** The 40-day window (spec §9) as a createdAt floor. */
function window(now: Date) {
  return { floor: { createdAt: { $gte: new Date(now.getTime() - ORDER_HISTORY_DAYS * DAY) } } };
}

/** The delivery week of a day as a range of delivery days (the same orders as its `deliveryWeek`). */
const weekRange = (day: string) => {
  const week = weekOf(day);
  return { deliveryDay: { $gte: week, $lt: addDays(week, 7) } };
};

/**
 * Show Only Delivered (orders §2 "keeps status at or above delivered"): the outcomes of the delivery stop —
 * Delivered, Exception, Full and Partial Rejection — never Order Picked Up (numbered after them, but before the
 * delivery) nor Cancelled. Exception only for staff: anyone else reads it as Order Approved (spec §4).
 */
export function deliveredStatuses(role: RoleNumber): number[] {
  const { delivered, exception, fullRejection, partialRejection } = OrderStatus;
  return [delivered, ...(isStaff(role) ? [exception] : []), fullRejection, partialRejection];
}

function statusFilters(p: OrderListParams, role: RoleNumber, scope: Filter, residual: Filter) {
  const delivered = deliveredStatuses(role);
  if (p.delivered) residual.status = { $in: delivered };
  if (p.status === undefined) return;
  // non-staff never see Exception: to them "Order Approved" holds both (spec §4), in the filter too
  if (!isStaff(role) && (p.status === OrderStatus.approved || p.status === OrderStatus.exception))
    residual.status = { $in: p.delivered ? [] : [OrderStatus.approved, OrderStatus.exception] };
  else if (p.delivered) residual.status = { $in: delivered.filter((s) => s === p.status) };
  else scope.status = p.status;
}

function adminScopes(p: OrderListParams, now: Date, residual: Filter, opts: PlanOpts): Filter[] {
  const words = searchWords(p.q ?? '');
  if (p.company) {
    // the company's own orders, the week or the window a range among them (as companyScopes)
    if (!p.all) Object.assign(residual, p.week ? weekRange(p.week) : window(now).floor);
    return each('companyKeys', [licenceKey(p.company)]);
  }
  if (p.from || p.to) {
    const from = p.from ?? p.to!;
    const to = p.to ?? p.from!;
    if (to < from) throw new Problem(400, ListMessages.rangeOrder);
    const days: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (days.length >= MAX_RANGE_DAYS) throw new Problem(400, ListMessages.rangeTooLong);
      days.push(d);
    }
    return each('deliveryDay', days);
  }
  if (p.all && !p.week) {
    // the whole history without a search: every month from the oldest order's, newest first (lists.ts reads them
    // in turn for the default sort, each to the page's size for another)
    if (!words.length) {
      if (!opts.historySince) throw new Problem(400, ListMessages.allHistoryNeedsScope);
      return each('createdMonth', monthsBetween(opts.historySince, now));
    }
    // a search: only a whole search word narrows it (its longest; the others match as prefixes)
    const longest = [...words].sort((a, b) => b.length - a.length)[0];
    return each('searchTokens', [longest]);
  }
  return each('deliveryWeek', [weekOf(p.week ?? dayOf(now))]);
}

/** The caller's own company scopes of a vendor list; [] when the caller's company is not known. */
function companyScopes(
  kind: OrderListKind,
  caller: ListCaller,
  p: OrderListParams,
  now: Date,
  residual: Filter,
) {
  const staffCompany = isStaff(caller.role) && p.company ? [licenceKey(p.company)] : [];
  const keys = staffCompany.length ? staffCompany : caller.companyKeys.filter(Boolean);
  if (!isStaff(caller.role) && p.company && !keys.includes(licenceKey(p.company)))
    throw new Problem(403, Messages.forbidden);
  if (!keys.length) return [];
  const field = kind === 'outgoing' ? 'pickupKey' : kind === 'incoming' ? 'destKey' : 'companyKeys';
  const company = each(field, keys);
  if (kind === 'placed') {
    // one month from the chosen week (spec §9), by delivery day
    const from = weekOf(p.week ?? dayOf(now));
    const to = dayOf(new Date(Date.UTC(+from.slice(0, 4), +from.slice(5, 7), +from.slice(8, 10))));
    residual.deliveryDay = { $gte: from, $lt: to };
    if (caller.memberIds && !isStaff(caller.role)) residual.user = { $in: caller.memberIds };
    return company;
  }
  // the company's own orders (its licence keys), the week or the 40-day window a range among them: a company holds
  // the same orders whatever the portal's size, while a week's or a month's index, joined to it before, grows with
  // every order of the portal (1,000,000 orders: a month's 45,000 entries read for the company's ~40)
  Object.assign(residual, p.week ? weekRange(p.week) : window(now).floor);
  return company;
}

function searchResidual(p: OrderListParams, residual: Filter) {
  const words = searchWords(p.q ?? '');
  if (!words.length) return;
  // prefix match on the tokens computed at write time, among the rows a scope narrowed to
  residual.$and = words.map((w) => ({ searchTokens: { $regex: `^${w}` } }));
}

/** The start of the driver's list: the first day of the month 366 days ago. */
function driverFloor(now: Date): Date {
  const months = monthsBetween(new Date(now.getTime() - 366 * DAY), now);
  return new Date(`${months[months.length - 1]!}-01T00:00:00Z`);
}

/**
 * The driver's orders on the orders collection (read until a database's rows are backfilled; the rows have their own
 * scopes, driverRowScopes): the months of the last 366 days, newest first, as windows on their creation (a search: all
 * of them at once). The driver's own key narrows every read to the few thousand orders a driver holds whatever the
 * portal's size; a created month's index, joined to it month by month before, grows with the whole portal (1,000,000
 * orders: a month's 45,000 entries read for ~100 of the driver's).
 */
function driverScopes(driverId: string, p: OrderListParams, now: Date, residual: Filter): Filter[] {
  const months = monthsBetween(new Date(now.getTime() - 366 * DAY), now);
  const start = (m: string) => new Date(`${m}-01T00:00:00Z`);
  const floor = driverFloor(now);
  if (searchWords(p.q ?? '').length) {
    residual.createdAt = { $gte: floor };
    return [{ driverIds: driverId }];
  }
  // each window's read costs the driver's orders once: two months, two more, four more, the rest (a page is
  // usually one or two reads, each returning little more than it needs)
  const edges = [2, 4, 8].filter((k) => k < months.length).map((k) => start(months[k - 1]!));
  return [...edges, floor].map((from, k) => ({
    driverIds: driverId,
    createdAt: k ? { $gte: from, $lt: edges[k - 1]! } : { $gte: from },
  }));
}

/**
 * The driver's scopes on the list rows: the row's driver keys are scalars (models/order-row.ts: the pickup driver, and
 * the delivery driver when another one), each leading a btree ordered by creation, so a first page is read newest
 * first and stopped at its end. The orders' `driverIds` is an array, which only a GIN index serves: every page read
 * all the driver's orders (~2,500 at any portal size) and sorted them. The two sides never hold the same row.
 */
function driverRowScopes(driverId: string, now: Date): Filter[] {
  const createdAt = { $gte: driverFloor(now) };
  return [
    { driverPickup: driverId, createdAt },
    { driverDelivery: driverId, createdAt },
  ];
}

/** The plan of one list for one caller; null when the caller can see nothing (no company known yet). */
export function listPlan(
  kind: OrderListKind,
  caller: ListCaller,
  p: OrderListParams,
  now = new Date(),
  opts: PlanOpts = {},
): ListPlan | null {
  const residual: Filter = {};
  let scopes: Filter[];
  if (kind === 'admin') {
    if (!isStaff(caller.role)) throw new Problem(403, Messages.forbidden);
    scopes = adminScopes(p, now, residual, opts);
  } else if (kind === 'driver') {
    if (caller.role !== Role.Driver && !isStaff(caller.role)) throw new Problem(403, Messages.forbidden);
    if (!caller.driverId) return null;
    scopes = driverScopes(caller.driverId, p, now, residual);
  } else {
    if (caller.role === Role.Driver) throw new Problem(403, Messages.forbidden);
    if (kind === 'placed' && caller.role === Role.User) throw new Problem(403, Messages.forbidden);
    scopes = companyScopes(kind, caller, p, now, residual);
    if (!scopes.length) return null;
  }
  const base: Filter = {};
  statusFilters(p, caller.role, base, residual);
  if (p.def === 'int' || p.def === 'ext') base.orderDef = p.def;
  // deleted (1) only for staff who ask; cancelled (2) orders stay in the lists with their status
  if (!(p.deleted && isStaff(caller.role))) residual.deleted = { $ne: 1 };
  searchResidual(p, residual);
  const column = p.sort ?? 'createdAt';
  const limit = kind === 'driver' ? (p.limit ?? 300) : (p.limit ?? DEFAULT_PAGE_SIZE);
  if (kind === 'driver' && limit !== 200 && limit !== 300) throw new Problem(400, ListMessages.driverLimit);
  const dir = (p.dir ?? (column === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  const byMonth = scopes.length > 0 && scopes.every((s) => Object.keys(s).join() === 'createdMonth');
  return {
    kind,
    scopes: scopes.map((s) => ({ ...s, ...base })),
    residual,
    sort: { column, path: SORT_PATHS[column], dir },
    keyset: KEYSET_COLUMNS.has(column),
    limit,
    words: searchWords(p.q ?? ''),
    monthly: kind === 'driver' || (byMonth && column === 'createdAt' && dir === -1),
    ...(kind === 'driver' && caller.driverId
      ? { rowScopes: driverRowScopes(caller.driverId, now).map((s) => ({ ...s, ...base })) }
      : {}),
  };
}
