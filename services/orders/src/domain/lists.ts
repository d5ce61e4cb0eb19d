import mongoose from 'mongoose';
import type { OrderListKind, OrderListParams, OrderRow } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Order } from '../models/order.js';
import { listPlan, type Filter, type ListCaller, type ListPlan, type PlanOpts } from './lists-query.js';
import { searchWords } from './list-keys.js';
import { LIST_PROJECTION, ROW_SORT, toOrderRow, valueAt, type StoredOrder } from './lists-rows.js';
import { OrderRowModel, type StoredRow } from '../models/order-row.js';
import { rowsReady, storedOf } from './lists-store.js';
import { ordersById } from './lists-id.js';
import { orderConfig } from './config.js';

/**
 * Runs a list plan (lists-query.ts) on the list rows (models/order-row.ts): each scope is one query whose top-level
 * equalities the database serves from an index (~1,000 rows at most); the patched local FerretDB, like MongoDB,
 * filters, sorts and limits it there, so a page reads only its own rows plus one. Several scopes are merged in the
 * caller's sort and paged — by keyset (the sort value and _id) where the column allows it, by an offset otherwise.
 * The count comes with a first page when the list was read to its end; a longer list answers `total: null` (the
 * table then shows pages without "of N") rather than a second pass over every row.
 */
type Cursor = { v: unknown; id: string } | { o: number };

export function encodeCursor(c: Cursor): string {
  const v = 'v' in c && c.v instanceof Date ? { d: c.v.getTime() } : 'v' in c ? c.v : undefined;
  return Buffer.from(JSON.stringify('o' in c ? c : { v, id: c.id })).toString('base64url');
}

export function decodeCursor(s: string, keyset: boolean): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString());
    if (
      keyset &&
      mongoose.isObjectIdOrHexString(c?.id) &&
      ['string', 'number', 'object'].includes(typeof c.v)
    ) {
      const v = c.v && typeof c.v === 'object' ? new Date(Number(c.v.d)) : c.v;
      if (!(v instanceof Date) || !Number.isNaN(v.getTime())) return { v, id: c.id };
    }
    if (!keyset && Number.isInteger(c?.o) && c.o > 0 && c.o <= 10_000) return { o: c.o };
  } catch {
    /* falls through to the 400 */
  }
  throw new Problem(400, 'cursor is not valid');
}

/** Mongo's order for the values a sort column holds: missing first, then numbers, strings, dates. */
function cmp(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
  return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

/** Whether row r comes after the keyset cursor c in the plan's sort. */
const after = (plan: ListPlan, c: { v: unknown; id: string }) => (r: StoredOrder) =>
  plan.sort.dir * (cmp(valueAt(r, plan.sort.path), c.v) || cmp(String(r._id), c.id)) > 0;

/** Rows of several scopes as one list: each row once, in the plan's sort (its value, then _id). */
function merged<T extends { _id: unknown }>(rows: T[], plan: ListPlan, valueOf: (r: T) => unknown): T[] {
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(String(r._id)) && !!seen.add(String(r._id)))
    .sort((a, b) => plan.sort.dir * (cmp(valueOf(a), valueOf(b)) || cmp(String(a._id), String(b._id))));
}

/** One page of `rest` (the rows from the page's start on) and the cursor of the next, if there are more. */
function paged<T extends { _id: unknown }>(
  rest: T[],
  offset: number,
  plan: ListPlan,
  valueOf: (r: T) => unknown,
) {
  const page = rest.slice(0, plan.limit);
  const last = page[page.length - 1]!;
  const next: Cursor | null =
    rest.length <= plan.limit
      ? null
      : plan.keyset
        ? { v: valueOf(last), id: String(last._id) }
        : { o: offset + plan.limit };
  return { page, nextCursor: next ? encodeCursor(next) : null };
}

/** Rows a scope of the orders collection may hold at most: the plans keep each near 1,000; this only bounds a surprise. */
export const SCOPE_CAP = 5000;

/**
 * The narrowed orders of a plan read from the orders collection (before the rows are backfilled, and for the
 * whole-history search by a whole token, which only orders keep): every row a scope's equality returns, counted,
 * sorted and paged here. Month scopes of the driver's list (newest first) stop once a page is full.
 */
async function narrowedOrders(plan: ListPlan, want: number): Promise<StoredOrder[]> {
  const run = (scope: Filter): Promise<StoredOrder[]> =>
    Order.find({ ...scope, ...plan.residual }, LIST_PROJECTION)
      .limit(SCOPE_CAP)
      .lean<StoredOrder[]>();
  let rows: StoredOrder[] = [];
  if (plan.monthly) {
    for (const scope of plan.scopes) {
      rows.push(...(await run(scope)));
      if (rows.length >= want) break;
    }
  } else rows = (await Promise.all(plan.scopes.map(run))).flat();
  return merged(rows, plan, (r) => valueAt(r, plan.sort.path));
}

async function pageOfOrders(plan: ListPlan, cursor: Cursor | undefined) {
  const offset = cursor && 'o' in cursor ? cursor.o : 0;
  const all = await narrowedOrders(plan, cursor && 'v' in cursor ? Infinity : offset + plan.limit + 1);
  const rest = cursor && 'v' in cursor ? all.filter(after(plan, cursor)) : all.slice(offset);
  const { page, nextCursor } = paged(rest, offset, plan, (r) => valueAt(r, plan.sort.path));
  return { page, nextCursor, total: all.length as number | null };
}

/** Residual filters a row keeps top-level (all but the search prefixes, matched on `tok`). */
export function rowResidual(plan: ListPlan): Filter {
  const { $and: _search, ...rest } = plan.residual;
  return rest;
}

const RANGE = { 1: ['$gt', '$gte'], [-1]: ['$lt', '$lte'] } as const;

/**
 * One scope's query on the rows: its equalities, the residual filters, the search words (the longest as a
 * top-level literal " word" on `tok`, which PostgreSQL matches; the others checked by FerretDB among those rows)
 * and the keyset cursor (after its sort value and _id: a range on the value that PostgreSQL applies, the exact
 * condition checked by FerretDB).
 */
export function rowQuery(scope: Filter, plan: ListPlan, cursor?: { v: unknown; id: string }): Filter {
  const f: Filter = { ...scope, ...rowResidual(plan) };
  const and: Filter[] = [];
  const [first, ...rest] = [...plan.words].sort((a, b) => b.length - a.length);
  if (first) f.tok = { $regex: ` ${first}` };
  for (const w of rest) and.push({ tok: { $regex: ` ${w}` } });
  if (cursor) {
    const field = ROW_SORT[plan.sort.column];
    const [strict, loose] = RANGE[plan.sort.dir];
    const id = new mongoose.Types.ObjectId(cursor.id);
    and.push({ $or: [{ [field]: { [strict]: cursor.v } }, { [field]: cursor.v, _id: { [strict]: id } }] });
    const had = f[field];
    if (had === undefined) f[field] = { [loose]: cursor.v };
    else if (isOperators(had) && !(loose in had)) f[field] = { ...had, [loose]: cursor.v };
  }
  if (and.length) f.$and = and;
  return f;
}
const isOperators = (v: unknown): v is Filter =>
  !!v && typeof v === 'object' && !(v instanceof Date) && Object.keys(v).every((k) => k.startsWith('$'));

/**
 * The first `want` rows of a plan in its sort: each scope one query that PostgreSQL filters, sorts and FerretDB
 * stops reading at the limit (the patched FerretDB: deploy/local/ferretdb-pushdown.patch), merged here. `total`
 * when every scope returned fewer rows than asked (the merged rows are all the list holds), else null.
 */
async function narrowedRows(plan: ListPlan, want: number, cursor?: { v: unknown; id: string }) {
  const field = ROW_SORT[plan.sort.column];
  const sort = { [field]: plan.sort.dir, _id: plan.sort.dir } as Record<string, 1 | -1>;
  let exhausted = true;
  // only what the page is built from (storedOf) and ordered by: the row's filter keys stay in the database
  const projection = { r: 1, createdAt: 1, [field]: 1 };
  const run = async (scope: Filter, limit: number) => {
    const got = await OrderRowModel.collection
      .find<StoredRow>(rowQuery(scope, plan, cursor), { projection })
      .sort(sort)
      .limit(limit)
      .toArray();
    if (got.length >= limit) exhausted = false;
    return got;
  };
  let rows: StoredRow[] = [];
  if (plan.rowScopes) rows = (await Promise.all(plan.rowScopes.map((s) => run(s, want)))).flat();
  else if (plan.monthly) {
    // the most recent months first, until a page is full: two at once, then as many as the rate of the rows found
    // so far says are still needed (a search finds few rows a month; waiting month after month would cost more)
    let i = 0;
    // (the driver's list: its windows grow from two months, one at a time)
    for (let batch = plan.kind === 'driver' ? 1 : 2; i < plan.scopes.length && rows.length < want;) {
      const next = plan.scopes.slice(i, i + batch);
      const got = await Promise.all(next.map((s) => run(s, want - rows.length)));
      rows.push(...got.flat());
      i += next.length;
      const perMonth = rows.length / i;
      batch = perMonth > 0 ? Math.ceil((want - rows.length) / perMonth) : plan.scopes.length;
    }
    if (i < plan.scopes.length) exhausted = false;
  } else rows = (await Promise.all(plan.scopes.map((s) => run(s, want)))).flat();
  const all = merged(rows, plan, (r) => r[field]);
  return { rows: all.slice(0, want), total: exhausted ? all.length : null };
}

async function pageOfRows(plan: ListPlan, cursor: Cursor | undefined) {
  const offset = cursor && 'o' in cursor ? cursor.o : 0;
  const keyCursor = cursor && 'v' in cursor ? cursor : undefined;
  const { rows, total } = await narrowedRows(plan, offset + plan.limit + 1, keyCursor);
  const field = ROW_SORT[plan.sort.column];
  const { page, nextCursor } = paged(rows.slice(offset), offset, plan, (r) => r[field]);
  return {
    page: page.map(storedOf),
    nextCursor,
    // the count when the list was read to its end (a first page): never a second pass over the rows
    total: keyCursor ? null : total,
  };
}

async function pageOf(plan: ListPlan, cursor: Cursor | undefined) {
  const fromRows = (await rowsReady()) && !plan.scopes.some((s) => 'searchTokens' in s);
  return fromRows ? pageOfRows(plan, cursor) : pageOfOrders(plan, cursor);
}

/**
 * All history without a search (staff, no company): its months start at the oldest order's, read once a minute at
 * most (one sorted read of the rows' creation times; an order is never created in the past).
 */
let oldest: { at: number; since: Date | undefined } | undefined;
async function planOpts(kind: OrderListKind, p: OrderListParams): Promise<PlanOpts> {
  const wholeHistory = kind === 'admin' && p.all && !p.week && !p.company && !p.from && !p.to;
  if (!wholeHistory || searchWords(p.q ?? '').length) return {};
  if (!oldest || Date.now() - oldest.at > 60_000) {
    const fromRows = await rowsReady();
    const col = fromRows ? OrderRowModel.collection : Order.collection;
    const [first] = await col
      .find<{ createdAt?: Date }>({}, { projection: { createdAt: 1 } })
      .sort({ createdAt: 1 })
      .limit(1)
      .toArray();
    oldest = { at: Date.now(), since: first?.createdAt ? new Date(first.createdAt) : undefined };
  }
  return { historySince: oldest.since ?? new Date() };
}

export interface ListAnswer {
  orders: OrderRow[];
  nextCursor: string | null;
  total: number | null;
}

/** One page of a list for a caller (an empty list when the caller's company is not known yet). */
export async function listOrders(
  kind: OrderListKind,
  caller: ListCaller,
  params: OrderListParams,
  now = new Date(),
): Promise<ListAnswer> {
  const plan = listPlan(kind, caller, params, now, await planOpts(kind, params));
  if (!plan) return { orders: [], nextCursor: null, total: 0 };
  const cursor = params.cursor ? decodeCursor(params.cursor, plan.keyset) : undefined;
  const [{ page, nextCursor, total }, byId, config] = await Promise.all([
    pageOf(plan, cursor),
    cursor ? [] : ordersById(plan),
    orderConfig(),
  ]);
  // an order ID searched outside the list's window heads the first page (lists-id.ts)
  const shown = new Set(page.map((o) => String(o._id)));
  const extra = byId.filter((o) => !shown.has(String(o._id)));
  // the driver's list stops at its limit: no count of every order they ever drove
  return {
    orders: [...extra, ...page].map((o) => toOrderRow(o, caller.role, config)),
    nextCursor,
    total: kind === 'driver' || total === null ? null : total + extra.length,
  };
}
