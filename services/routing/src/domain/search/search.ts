import { ROUTE_WEEKDAYS, isDeliveryRow, type RouteWeekday } from '@portal/contracts';
import { DISPATCH, type ScheduleSearchRow } from '@portal/contracts/dispatch';
import type { IndexedRow, RouteIndex } from '../route-index.js';
import { isoOfDay, strictOffset, weekdayOf } from '../days.js';

/**
 * The public delivery schedule search (orders §2 "Public delivery schedule search", §9): which routes
 * serve a city or a zip, on which weekdays. Pure over the rows of the in-memory route index (no database call).
 *
 * Rules where the spec is silent:
 * - `q` is a city (case- and accent-insensitive; prefix matches rank before contains) or digits (a zip: the exact
 *   5 digits, or a prefix of at least 2). 2 to 64 characters.
 * - `days` (comma-separated route weekday codes; default Monday–Friday): a row shows when it runs on one of them;
 *   a row of strict dates counts on the weekday of each of its dates from today on (past dates never match).
 * - Not public: rows serving every zip (00000, warehouse-type), the utility route's pseudo-routes, and routes whose
 *   name contains "Cash" or "Warehouse" (orders §2: not delivery routes).
 * - At most DISPATCH.publicSearchMax rows in all (the total says how many), DISPATCH.publicSearchPageSize a page.
 */
export const SEARCH_LIMITS = { minQuery: 2, maxQuery: 64, maxPage: 100 } as const;

export const SearchMessages = {
  tooShort: `Type at least ${SEARCH_LIMITS.minQuery} letters of a city or digits of a zip code.`,
  tooLong: `The search is limited to ${SEARCH_LIMITS.maxQuery} characters.`,
  badDays: (bad: string) =>
    `Unknown day "${bad}". Use any of ${ROUTE_WEEKDAYS.join(', ')}, separated by commas.`,
  noDays: 'Choose at least one day.',
  badPage: `The page must be a whole number from 1 to ${SEARCH_LIMITS.maxPage}.`,
} as const;

export interface SearchQuery {
  /** The normalized text (city) or the digits (zip). */
  text: string;
  kind: 'city' | 'zip';
  days: RouteWeekday[];
  page: number;
}

/** Lower case, accents and punctuation folded, single spaces: "Saint-Étienne " → "saint etienne". */
export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The query string as sent → a query, or the message to show (400). */
export function parseSearchQuery(raw: {
  q?: string;
  days?: string;
  page?: string | number;
}): SearchQuery | { error: string } {
  const q = String(raw.q ?? '').trim();
  if (q.length > SEARCH_LIMITS.maxQuery) return { error: SearchMessages.tooLong };
  const digits = /^\d[\d-]*$/.test(q);
  const text = digits ? q.replace(/-.*$/, '') : fold(q);
  if (text.length < SEARCH_LIMITS.minQuery) return { error: SearchMessages.tooShort };
  if (digits && text.length > 5) return { error: SearchMessages.tooShort };
  let days: RouteWeekday[] = [...DISPATCH.publicSearchDefaultDays];
  if (raw.days !== undefined) {
    const list = String(raw.days)
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (!list.length) return { error: SearchMessages.noDays };
    const bad = list.find((d) => !(ROUTE_WEEKDAYS as readonly string[]).includes(d));
    if (bad !== undefined) return { error: SearchMessages.badDays(bad.slice(0, 12)) };
    days = ROUTE_WEEKDAYS.filter((d) => list.includes(d));
  }
  const pageText = raw.page === undefined || raw.page === '' ? '1' : String(raw.page);
  const page = /^\d{1,3}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= SEARCH_LIMITS.maxPage)) return { error: SearchMessages.badPage };
  return { text, kind: digits ? 'zip' : 'city', days, page };
}

const folded = new WeakMap<IndexedRow, string>();
const foldedCity = (row: IndexedRow) => {
  let f = folded.get(row);
  if (f === undefined) folded.set(row, (f = fold(row.city)));
  return f;
};

/** Every live row of the index (its rows are replaced whole on a route change, so a row object never mutates). */
export function indexRowsOf(index: RouteIndex): IndexedRow[] {
  // the index keeps rows per route privately; the search reads them without copying the index
  return [...index['byRoute'].values()].flat();
}

/** The public schedule lists the rows an order may be delivered on (contracts isDeliveryRow: one rule for both). */
export const isPublicRow = (row: IndexedRow) => isDeliveryRow(row);

/** The weekdays a row runs on from `today` on (strict dates: the weekday of each coming date). */
function runWeekdays(row: IndexedRow, today: number): Set<RouteWeekday> {
  if (row.days.mode === 'weekdays') return new Set(row.days.weekdays);
  const from = strictOffset(today);
  return new Set(row.days.dates.filter((o) => o >= from).map((o) => weekdayOf(today + (o - from))));
}

const DAY_LABEL: Record<RouteWeekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thur: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** The days column: "Mon, Wed, Fri", or the coming strict dates (at most 5, then "…"). */
export function daysText(row: IndexedRow, today: number): string {
  if (row.days.mode === 'weekdays') return row.days.weekdays.map((d) => DAY_LABEL[d]).join(', ');
  const from = strictOffset(today);
  const coming = row.days.dates.filter((o) => o >= from).sort((a, b) => a - b);
  const shown = coming.slice(0, 5).map((o) => isoOfDay(today + (o - from)));
  return shown.join(', ') + (coming.length > 5 ? ', …' : '');
}

/** 0 exact zip / city equal, 1 prefix, 2 contains (city only); -1 no match. */
function rank(row: IndexedRow, q: SearchQuery): number {
  if (q.kind === 'zip') return row.zipCode === q.text ? 0 : row.zipCode.startsWith(q.text) ? 1 : -1;
  const city = foldedCity(row);
  if (city === q.text) return 0;
  if (city.startsWith(q.text)) return 1;
  return city.includes(q.text) ? 2 : -1;
}

export interface SearchResult {
  rows: ScheduleSearchRow[];
  /** Matches counted, at most DISPATCH.publicSearchMax. */
  total: number;
  /** More rows matched than the cap. */
  truncated: boolean;
  page: number;
  pageSize: number;
}

/** The search over the given rows, `today` a day number (days.ts). */
export function searchRows(all: Iterable<IndexedRow>, q: SearchQuery, today: number): SearchResult {
  const hits: { row: IndexedRow; rank: number }[] = [];
  for (const row of all) {
    if (!isPublicRow(row)) continue;
    const r = rank(row, q);
    if (r < 0) continue;
    const runs = runWeekdays(row, today);
    if (!q.days.some((d) => runs.has(d))) continue;
    hits.push({ row, rank: r });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.row.city.localeCompare(b.row.city) ||
      a.row.zipCode.localeCompare(b.row.zipCode) ||
      a.row.name.localeCompare(b.row.name) ||
      a.row.rowId.localeCompare(b.row.rowId),
  );
  const max = DISPATCH.publicSearchMax;
  const size = DISPATCH.publicSearchPageSize;
  const kept = hits.slice(0, max);
  const rows = kept.slice((q.page - 1) * size, q.page * size).map(({ row }): ScheduleSearchRow => ({
    routeId: row.routeId,
    routeName: row.name,
    city: row.city,
    zip: row.zipCode,
    days: daysText(row, today),
    startTime: row.startTime,
    overnight: row.overnight,
    biWeekly: row.biWeekly,
  }));
  return { rows, total: kept.length, truncated: hits.length > max, page: q.page, pageSize: size };
}
