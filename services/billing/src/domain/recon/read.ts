import { licenceKey } from '@portal/contracts';
import {
  BILLING,
  BillingMessages,
  centsOf,
  lastWeek,
  rangeProblem,
  type ReconAnswer,
  type ReconRow,
  type ReconVendor,
} from '@portal/contracts/billing';
import { Problem } from '@portal/service-kit';
import {
  NameModel,
  OrderProjection,
  STORED_FIELDS,
  fromStored,
  type NameEntry,
  type ProjectedOrder,
} from '../../readmodels/order-projection.js';
import { vendorMatches, type CustomerCache } from '../../adapters/accounting.js';
import { compareRows, cursorOf, isListed, monthsOf, rowOf, totalsOf } from './rules.js';
import type { MonthCache, NameCache } from './month-cache.js';

/** Read in batches of this many per vendorMonth query (keyset on _id). */
const BATCH = 1000;

/** The range asked for, default last week; a bad one is a 400 with the shared words (nothing read or written). */
export function rangeOf(q: { from?: string; to?: string }): { from: string; to: string } {
  const def = lastWeek();
  const from = q.from || (q.to ? q.to : def.from);
  const to = q.to || (q.from ? q.from : def.to);
  const problem = rangeProblem(from, to);
  if (problem) throw new Problem(400, problem);
  return { from, to };
}

/** One vendor-month, in keyset batches by _id (index {vendorMonth, _id}). */
async function monthOrders(vendorMonth: string): Promise<ProjectedOrder[]> {
  const out: ProjectedOrder[] = [];
  let after = '';
  for (;;) {
    const page = await OrderProjection.find({ vendorMonth, ...(after ? { _id: { $gt: after } } : {}) })
      .sort({ _id: 1 })
      .limit(BATCH)
      .select(STORED_FIELDS)
      .lean();
    out.push(...page.map(fromStored));
    if (page.length < BATCH) return out;
    after = String(page[page.length - 1]!._id);
  }
}

/** Every projected order of the vendor with a delivery day in [from, to]: one equality query per month touched. */
export async function vendorOrders(
  vendorLN: string,
  from: string,
  to: string,
  cache?: MonthCache,
): Promise<ProjectedOrder[]> {
  const lns = [...new Set([vendorLN, licenceKey(vendorLN)])];
  const out: ProjectedOrder[] = [];
  for (const month of monthsOf(from, to)) {
    for (const ln of lns) {
      const key = `${ln}|${month}`;
      const rows = cache ? await cache.get(key, () => monthOrders(key)) : await monthOrders(key);
      for (const o of rows) if (o.deliveryDay >= from && o.deliveryDay <= to) out.push(o);
    }
  }
  return out;
}

/** Route and driver names by id (one _id equality each, in parallel; unknown ids show as themselves). */
export async function namesFor(orders: ProjectedOrder[], cache?: NameCache) {
  const ids = new Set<string>();
  for (const o of orders) {
    if (o.route) ids.add(`route:${o.route}`);
    const d = o.deliveryDriver || o.pickupDriver;
    if (d) ids.add(`driver:${d}`);
  }
  const read = (id: string) => () =>
    NameModel.findById(id)
      .select('_id name')
      .lean<NameEntry>()
      .then((n) => n?.name ?? null);
  const found = await Promise.all(
    [...ids].map(async (id) => [id, await (cache ? cache.get(id, read(id)) : read(id)())] as const),
  );
  const map = new Map(found.filter((n): n is [string, string] => !!n[1]));
  return {
    route: (id: string) => map.get(`route:${id}`) || id,
    driver: (id: string) => map.get(`driver:${id}`) || id,
  };
}

/** The vendor's name entry, or a 404 when neither its account nor any order in the range names it. */
export async function vendorOf(
  vendorLN: string,
  orders: ProjectedOrder[],
  compare: CustomerCache | null,
): Promise<ReconVendor> {
  const entry = await NameModel.findById(`vendor:${licenceKey(vendorLN)}`).lean<NameEntry>();
  if (!entry && !orders.length) throw new Problem(404, BillingMessages.unknownVendor);
  const name = entry?.name || (orders.find((o) => o.pickupLN)?.pickupLN ?? vendorLN);
  const vendorName = entry?.name || '';
  const vendor: ReconVendor = {
    licenseNumber: vendorLN,
    name: vendorName || name,
    registered: !!entry?.registered,
  };
  const list = compare ? await compare.get() : null;
  if (list?.ok) vendor.mismatch = vendor.registered && !vendorMatches(vendor.name, list.customers);
  return vendor;
}

/** All rows of the range (listed ones), sorted by delivery day then id, and the totals over the counted ones. */
export async function reconRows(vendorLN: string, from: string, to: string, now = new Date()) {
  const orders = (await vendorOrders(vendorLN, from, to)).filter(isListed);
  const names = await namesFor(orders);
  const rows = orders.map((o) => rowOf(o, names, centsOf, now)).sort(compareRows);
  return { orders, rows, totals: totalsOf(rows) };
}

export interface ReconInput {
  vendorLN: string;
  from?: string;
  to?: string;
  after?: string;
  limit?: number;
}

/** POST /orders/reconciliation: one page of rows after the cursor, the totals over the whole range. */
export async function reconcile(
  q: ReconInput,
  compare: CustomerCache | null,
  cache?: MonthCache,
  nameCache?: NameCache,
): Promise<ReconAnswer> {
  const { from, to } = rangeOf(q);
  const vendorLN = q.vendorLN.trim();
  const all = await vendorOrders(vendorLN, from, to, cache);
  const vendor = await vendorOf(vendorLN, all, compare);
  const listed = all.filter(isListed);
  const names = await namesFor(listed, nameCache);
  const rows: ReconRow[] = listed.map((o) => rowOf(o, names, centsOf)).sort(compareRows);
  const limit = Math.min(Math.max(1, q.limit ?? BILLING.pageSize), BILLING.pageSize);
  const start = q.after ? rows.findIndex((r) => cursorOf(r) > q.after!) : 0;
  const page = start < 0 ? [] : rows.slice(start, start + limit);
  const more = start >= 0 && start + limit < rows.length;
  return {
    vendor,
    from,
    to,
    orders: page,
    next: more ? cursorOf(page[page.length - 1]!) : null,
    listed: rows.length,
    totals: totalsOf(rows),
  };
}
