import {
  ANY_ZIP,
  UTILITY_ID_PREFIX,
  isUtilityRoute,
  type Route,
  type RouteFindMatch,
} from '@portal/contracts';
import { isoOfDay, rowDays, runDates, type DayRange, type RowDays } from './days.js';

/** One location row as /routes/find needs it: the match's fields without its dates, and its days parsed once. */
export type IndexedRow = Omit<RouteFindMatch, 'dates' | 'deliveryDates'> & { days: RowDays };

/** A live route's rows for the index; the utility route's rows are pseudo-routes named by their city. Pure. */
export function indexRows(route: Route): IndexedRow[] {
  const utility = isUtilityRoute(route.name);
  return route.data.rows.map((row) => ({
    routeId: utility ? `${UTILITY_ID_PREFIX}${row.id}` : route.id,
    name: utility ? row.city : route.name,
    rowId: row.id,
    city: row.city,
    zipCode: row.zipCode.slice(0, 5),
    startTime: route.data.startTime,
    dayOfTheWeek: row.dayOfTheWeek,
    biWeekly: row.biWeekly,
    overnight: row.overnight,
    utility,
    days: rowDays(row.dayOfTheWeek),
  }));
}

export type FindAnswer = ReturnType<typeof answer>;

/** Answers kept per (zip, range): every zip of a large book of routes with its usual range or two. */
export const ANSWERS_KEPT = 2_000;

/**
 * zip → the rows that serve it, for every live route. Each routing instance holds its own (app.routeIndex), built
 * from the database at start and kept current by routing.route.changed.v1 (events/index.ts). Replacing a route
 * swaps its rows whole, so a reader never sees half a route. The answers of find() are kept until the index next
 * changes (a route written, deleted or loaded): an answer depends on nothing else, and working its date lists out
 * again for every order form that asks about the same zip was the largest share of the request's own CPU.
 */
export class RouteIndex {
  private byZip = new Map<string, IndexedRow[]>();
  private byRoute = new Map<string, IndexedRow[]>();
  private answers = new Map<string, FindAnswer>();

  /** Puts a live route in (replacing what it had), or takes it out when `route` is null (deleted or gone). */
  set(id: string, route: Route | null): void {
    // a route this index never had, gone: nothing changes (a replica hears of other databases' routes too)
    if (!route && !this.byRoute.has(id)) return;
    this.answers.clear();
    for (const row of this.byRoute.get(id) ?? []) {
      const list = this.byZip.get(row.zipCode)!.filter((r) => r !== row);
      if (list.length) this.byZip.set(row.zipCode, list);
      else this.byZip.delete(row.zipCode);
    }
    this.byRoute.delete(id);
    if (!route) return;
    const rows = indexRows(route);
    this.byRoute.set(id, rows);
    for (const row of rows) this.byZip.set(row.zipCode, [...(this.byZip.get(row.zipCode) ?? []), row]);
  }

  /** The rows for a 5-digit zip, the rows for every zip (ANY_ZIP) included. */
  rowsFor(zip: string): IndexedRow[] {
    const own = zip === ANY_ZIP ? [] : (this.byZip.get(zip) ?? []);
    return [...own, ...(this.byZip.get(ANY_ZIP) ?? [])];
  }

  get routes(): number {
    return this.byRoute.size;
  }

  /** The kept answer for a zip and range, else `compute()`'s, kept (the oldest one goes when ANSWERS_KEPT are). */
  answer(zip: string, range: DayRange, compute: () => FindAnswer): FindAnswer {
    const key = `${zip} ${range.from} ${range.to}`;
    let a = this.answers.get(key);
    if (a) return a;
    a = compute();
    if (this.answers.size >= ANSWERS_KEPT) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, a);
    return a;
  }
}

const byNameThenCity = (a: RouteFindMatch, b: RouteFindMatch) =>
  a.name.localeCompare(b.name) || a.city.localeCompare(b.city) || a.rowId.localeCompare(b.rowId);

/**
 * /routes/find over the index: every row serving the zip (even with no run day in the range: its days text still
 * tells the order form what to offer), with the days it runs in the range and the days the goods arrive (the next
 * day for an overnight row). A utility row runs every day: day checks ignore utility pseudo-routes. The answer is
 * the index's kept one while the index has not changed since (treat it as read-only).
 */
export function find(index: RouteIndex, zip: string, range: DayRange): FindAnswer {
  return index.answer(zip, range, () => answer(index, zip, range));
}

function answer(index: RouteIndex, zip: string, range: DayRange) {
  const routes = index.rowsFor(zip).map((row): RouteFindMatch => {
    const runs = row.utility
      ? Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i)
      : runDates(row.days, row.biWeekly, range.from, range.to);
    const { days: _days, ...shown } = row;
    return {
      ...shown,
      dates: runs.map(isoOfDay),
      deliveryDates: runs.map((d) => isoOfDay(row.overnight ? d + 1 : d)),
    };
  });
  routes.sort(byNameThenCity);
  const dates = [...new Set(routes.flatMap((r) => r.deliveryDates))].sort();
  return { zip, from: isoOfDay(range.from), to: isoOfDay(range.to), routes, dates };
}
