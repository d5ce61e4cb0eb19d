import mongoose from 'mongoose';
import type { OrderListKind, OrderListParams, OrderRow } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Order } from '../models/order.js';
import { listPlan, type Filter, type ListCaller, type ListPlan } from './lists-query.js';
import { LIST_PROJECTION, toOrderRow, valueAt, type StoredOrder } from './lists-rows.js';
import { OrderRowModel, type StoredRow } from '../models/order-row.js';
import { rowMatches, rowsReady, storedOf } from './lists-store.js';

/**
 * Runs a list plan (lists-query.ts): each scope is one query whose top-level equalities the database serves from an
 * index (~1,000 rows at most); the rows are merged in the caller's sort and paged — by keyset (the sort value and
 * _id) where the column allows it, by an offset inside the narrowed rows otherwise. The count is the narrowed
 * rows' number: never a scan of every order.
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

/** Rows a scope may hold at most: the plans keep each near 1,000; this only bounds a surprise. */
export const SCOPE_CAP = 5000;

/**
 * The narrowed rows of a plan, in its sort. One pass: the rows a scope's equality returns are what FerretDB decodes
 * anyway (it pushes no sort or limit down), so they are fetched once (only the row's fields) and counted, sorted
 * and paged here — no second count query over the same rows. Month scopes of the driver's list (newest first)
 * stop once a page is full.
 */
async function narrowed(plan: ListPlan, want: number): Promise<StoredOrder[]> {
  const fromRows = await rowsReady();
  const run = (scope: Filter): Promise<StoredOrder[]> => {
    // the whole-token search of all history narrows by searchTokens, which only the orders keep (few rows)
    if (!fromRows || 'searchTokens' in scope)
      return Order.find({ ...scope, ...plan.residual }, LIST_PROJECTION)
        .limit(SCOPE_CAP)
        .lean<StoredOrder[]>();
    return scopeRows(scope, plan).then((rows) => rows.map(storedOf));
  };
  let rows: StoredOrder[] = [];
  if (plan.kind === 'driver') {
    for (const scope of plan.scopes) {
      rows.push(...(await run(scope)));
      if (rows.length >= want) break;
    }
  } else rows = (await Promise.all(plan.scopes.map(run))).flat();
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(String(r._id)) && !!seen.add(String(r._id)))
    .sort(
      (a, b) =>
        plan.sort.dir *
        (cmp(valueAt(a, plan.sort.path), valueAt(b, plan.sort.path)) || cmp(String(a._id), String(b._id))),
    );
}

/** Residual filters a row keeps top-level (all but the search prefixes, matched on `tok` here). */
export function rowResidual(plan: ListPlan): Filter {
  const { $and: _search, ...rest } = plan.residual;
  return rest;
}

/** One scope's rows (models/order-row.ts): the scope's equalities pushed down, the search words matched here. */
async function scopeRows(scope: Filter, plan: ListPlan): Promise<StoredRow[]> {
  const rows = await OrderRowModel.collection.find<StoredRow>({ ...scope, ...rowResidual(plan) }).toArray();
  return rows.filter((r) => rowMatches(r, plan.words)).slice(0, SCOPE_CAP);
}

async function pageOf(plan: ListPlan, cursor: Cursor | undefined) {
  const offset = cursor && 'o' in cursor ? cursor.o : 0;
  const all = await narrowed(plan, cursor && 'v' in cursor ? Infinity : offset + plan.limit + 1);
  const rest = cursor && 'v' in cursor ? all.filter(after(plan, cursor)) : all.slice(offset);
  const page = rest.slice(0, plan.limit);
  const last = page[page.length - 1];
  const next: Cursor | null =
    rest.length <= plan.limit
      ? null
      : plan.keyset
        ? { v: valueAt(last, plan.sort.path), id: String(last._id) }
        : { o: offset + plan.limit };
  return { page, nextCursor: next ? encodeCursor(next) : null, total: all.length };
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
  const plan = listPlan(kind, caller, params, now);
  if (!plan) return { orders: [], nextCursor: null, total: 0 };
  const cursor = params.cursor ? decodeCursor(params.cursor, plan.keyset) : undefined;
  const { page, nextCursor, total } = await pageOf(plan, cursor);
  // the driver's list stops at its limit: no count of every order they ever drove
  return {
    orders: page.map((o) => toOrderRow(o, caller.role)),
    nextCursor,
    total: kind === 'driver' ? null : total,
  };
}
