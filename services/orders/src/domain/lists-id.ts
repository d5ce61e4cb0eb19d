import { Order } from '../models/order.js';
import { searchWords } from './list-keys.js';
import type { Filter, ListPlan } from './lists-query.js';
import { LIST_PROJECTION, type StoredOrder } from './lists-rows.js';

/**
 * An order ID typed in the search box finds its order whatever window the list shows (this week, the 40-day window,
 * the placed month) — "Show All History" is not needed for it. Only the window is lifted: the list's tenancy (the
 * company's licence keys, the driver) and its filters (deleted, status, Show Only Delivered, Order Def, the placing
 * members) still apply. One pushed-down equality on the orders' indexed `searchTokens` (the compacted ID is one of
 * them), a handful of orders at most, kept only when the ID is the order's own (not a licence or a name).
 */

/** Keys that place an order in time (the list's window), and the search itself: not part of an ID lookup. */
const WINDOW_KEYS = new Set([
  'deliveryWeek',
  'deliveryDay',
  'createdMonth',
  'createdAt',
  'searchTokens',
  '$and',
]);
const compact = (id: unknown) => searchWords(String(id ?? '')).join('');
/** Orders sharing an ID token read at most (the order's own ID is unique; a licence word matches many). */
const LOOKUP_LIMIT = 25;

/** The plan's filter without its window: every scope's other equalities (as $in over the scopes) and the residual. */
export function idLookupFilter(plan: ListPlan, word: string): Filter {
  const f: Filter = {};
  const values = new Map<string, Set<unknown>>();
  for (const scope of plan.scopes)
    for (const [k, v] of Object.entries(scope)) {
      if (WINDOW_KEYS.has(k)) continue;
      if (!values.has(k)) values.set(k, new Set());
      values.get(k)!.add(v);
    }
  for (const [k, set] of values) f[k] = set.size === 1 ? [...set][0] : { $in: [...set] };
  for (const [k, v] of Object.entries(plan.residual)) if (!WINDOW_KEYS.has(k)) f[k] = v;
  f.searchTokens = word;
  return f;
}

/**
 * The orders whose own ID the search is (one word, compacted: "g-104233", "G104233"), outside the list's window
 * included; [] for any other search, for the driver's list (their recent orders are the list) and when the plan
 * already searches all history by that token.
 */
export async function ordersById(plan: ListPlan): Promise<StoredOrder[]> {
  if (plan.words.length !== 1 || plan.kind === 'driver') return [];
  const word = plan.words[0]!;
  if (word.length < 4 || !/\d/.test(word)) return [];
  if (plan.scopes.some((s) => 'searchTokens' in s)) return [];
  const found = await Order.find(idLookupFilter(plan, word), LIST_PROJECTION)
    .limit(LOOKUP_LIMIT)
    .lean<StoredOrder[]>();
  return found.filter((o) => compact(o.orderId) === word);
}
