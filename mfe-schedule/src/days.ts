/**
 * The route editor's view of a row's days (orders §3, §9): `dayOfTheWeek` is either weekday codes ('mon,wed') or
 * strict calendar dates written as day offsets from the marker 2023-01-01 ('1423,1430'). Pure, so it is unit-tested
 * without a browser; the codes, the marker, the list length and the parser are @portal/contracts' (the service
 * parses with the same function).
 */
import {
  ROUTE_DAYS_TEXT_DISPLAY,
  ROUTE_WEEKDAYS,
  STRICT_DAY_MARKER,
  STRICT_DAY_SPAN,
  parseRouteDays,
  type RouteWeekday,
} from '@portal/contracts';

const DAY_MS = 86_400_000;
const MARKER_MS = Date.parse(`${STRICT_DAY_MARKER}T00:00:00Z`);

export type DaysMode = 'weekdays' | 'dates';
export interface Days {
  mode: DaysMode;
  weekdays: RouteWeekday[];
  /** Offsets from the marker, ascending. */
  dates: number[];
}

/** The picker's state of a stored days string (an unreadable one opens as no weekday chosen yet). */
export function parseDays(text: string): Days {
  const p = parseRouteDays(text);
  if (p.mode === 'dates') return { mode: 'dates', weekdays: [], dates: p.dates };
  return { mode: 'weekdays', weekdays: p.mode === 'weekdays' ? p.weekdays : [], dates: [] };
}

/** The stored form: weekdays in week order, dates ascending. */
export function formatDays(d: Days): string {
  return d.mode === 'dates'
    ? [...d.dates].sort((a, b) => a - b).join(',')
    : ROUTE_WEEKDAYS.filter((w) => d.weekdays.includes(w)).join(',');
}

export const offsetOf = (date: Date) =>
  Math.round((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - MARKER_MS) / DAY_MS);
export const dateOf = (offset: number) => new Date(MARKER_MS + offset * DAY_MS);
export const isoOf = (offset: number) => dateOf(offset).toISOString().slice(0, 10);

/** The strict-date choices: 365 days from `today` (UTC), as offsets. */
export const strictChoices = (today: Date) => {
  const first = offsetOf(today);
  return Array.from({ length: STRICT_DAY_SPAN }, (_, i) => first + i);
};

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const dateLabel = (offset: number) => LONG.format(dateOf(offset));
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the rows table shows: 'Mon, Wed' or 'Jan 5, Jan 12 2026 …', the full text kept for the tooltip. */
export function daysText(text: string): string {
  const d = parseDays(text);
  if (d.mode === 'weekdays') return d.weekdays.map(cap).join(', ');
  return d.dates.map((o) => SHORT.format(dateOf(o))).join(', ');
}

/** Cut at the spec's 50 characters (§9), the ellipsis counted in. */
export const clip = (s: string, max: number = ROUTE_DAYS_TEXT_DISPLAY) =>
  s.length > max ? `${s.slice(0, max - 1)}…` : s;

/** The route list's "delivers on" filter: a row's days include this weekday (a strict date counts on its weekday). */
export function servesWeekday(text: string, weekday: RouteWeekday): boolean {
  const d = parseDays(text);
  if (d.mode === 'weekdays') return d.weekdays.includes(weekday);
  const index = ROUTE_WEEKDAYS.indexOf(weekday);
  return d.dates.some((o) => (dateOf(o).getUTCDay() + 6) % 7 === index);
}
