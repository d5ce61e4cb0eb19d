/**
 * Week arithmetic of the weekly driver schedule (orders §2, §9): a week starts on Monday at 00:00 UTC; the grid
 * shows Monday to Friday. Pure, so it is unit-tested without a browser.
 */
const DAY_MS = 86_400_000;

/** The spec's weekday codes for days 1..7 (mon … sun); the grid uses the first five. */
export const WEEKDAY_CODES = ['mon', 'tue', 'wed', 'thur', 'fri', 'sat', 'sun'] as const;
export const WORK_DAYS = 5;

/** Monday 00:00 UTC of the week that holds `date`. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export const addWeeks = (monday: Date, weeks: number) => new Date(monday.getTime() + weeks * 7 * DAY_MS);

/** Monday … Friday of the week starting at `monday`, with the spec's day code. */
export function workDays(monday: Date): { code: (typeof WEEKDAY_CODES)[number]; date: Date }[] {
  return WEEKDAY_CODES.slice(0, WORK_DAYS).map((code, i) => ({
    code,
    date: new Date(monday.getTime() + i * DAY_MS),
  }));
}

/** 'YYYY-MM-DD' of a UTC date (the week's key in URLs and, later, in GET /driverschedule). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const WEEK_LABEL = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const dayLabel = (d: Date) => DAY_LABEL.format(d);
export const weekLabel = (monday: Date) => `Week of ${WEEK_LABEL.format(monday)}`;
