import {
  ROUTE_LIMITS,
  ROUTE_WEEKDAYS,
  RouteMessages,
  STRICT_DAY_MARKER,
  parseRouteDays,
  type ParsedDays,
} from '@portal/contracts';

/**
 * Calendar arithmetic for routes, on UTC calendar days only (YYYY-MM-DD): a route runs on a day, not at an instant,
 * so daylight-saving changes and the reader's time zone never move a day. Pure: unit-tested table by table.
 */
const DAY_MS = 86_400_000;
const MARKER_DAY = Date.parse(`${STRICT_DAY_MARKER}T00:00:00Z`) / DAY_MS;
/** The Monday of the marker's week (2022-12-26): week 0 of the bi-weekly count. */
const MARKER_MONDAY = MARKER_DAY - ((new Date(MARKER_DAY * DAY_MS).getUTCDay() + 6) % 7);

/** Whole days since 1970-01-01 of a YYYY-MM-DD that is a real date, else NaN ('2023-02-30' is not). */
export function dayNumber(iso: string): number {
  const known = dayNumbers.get(iso);
  if (known !== undefined) return known;
  const day = parseDay(iso);
  // the dates asked about are few (this month's and the next's): kept, the whole map dropped past its bound
  if (dayNumbers.size >= 2_000) dayNumbers.clear();
  dayNumbers.set(iso, day);
  return day;
}
const dayNumbers = new Map<string, number>();
function parseDay(iso: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return NaN;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso ? NaN : ms / DAY_MS;
}
export const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = mon … 6 = sun, the index into ROUTE_WEEKDAYS. */
export const weekdayIndex = (day: number) => (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
export const weekdayOf = (day: number) => ROUTE_WEEKDAYS[weekdayIndex(day)]!;
/** The strict-date offset of a day (0 = the marker). */
export const strictOffset = (day: number) => day - MARKER_DAY;
/** Weeks (Monday to Sunday) since the marker's week; bi-weekly rows run on the even ones. */
export const weekIndex = (day: number) => Math.floor((day - MARKER_MONDAY) / 7);
export const todayDay = (now = new Date()) => Math.floor(now.getTime() / DAY_MS);

/** A row's days, parsed once (the index keeps this, not the text). */
export type RowDays = Exclude<ParsedDays, { mode: 'invalid' }>;

/** Whether a row with these days runs on `day`. Strict dates ignore biWeekly (each date is named). */
export function runsOn(days: RowDays, biWeekly: boolean, day: number): boolean {
  if (days.mode === 'dates') return days.dates.includes(strictOffset(day));
  if (!days.weekdays.includes(weekdayOf(day))) return false;
  return !biWeekly || weekIndex(day) % 2 === 0;
}

/** The days in [from, to] a row runs, as YYYY-MM-DD. */
export function runDates(days: RowDays, biWeekly: boolean, from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d++) if (runsOn(days, biWeekly, d)) out.push(d);
  return out;
}

export type DayRange = { from: number; to: number };
/**
 * The range /routes/find answers for: from/to as given, else today … today + (findDefaultDays - 1); a range that is
 * not real dates, runs backwards or is longer than findMaxDays is refused with the message to show.
 */
export function findRange(q: { from?: string; to?: string }, now = new Date()): DayRange | { error: string } {
  const from = q.from ? dayNumber(q.from) : todayDay(now);
  const to = q.to ? dayNumber(q.to) : from + ROUTE_LIMITS.findDefaultDays - 1;
  if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from + 1 > ROUTE_LIMITS.findMaxDays) {
    return { error: RouteMessages.badRange };
  }
  return { from, to };
}

/** A stored days text as the index needs it; text that does not parse (old data) runs on no day. */
export function rowDays(text: string): RowDays {
  const p = parseRouteDays(text);
  return p.mode === 'invalid' ? { mode: 'dates', dates: [] } : p;
}
