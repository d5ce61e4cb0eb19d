import {
  ANY_ZIP,
  ROUTE_FIELD_TITLES as T,
  ROUTE_LIMITS as L,
  RouteMessages as M,
  RouteMessages,
  START_TIME_PATTERN,
  parseRouteDays,
  zip5,
  type RouteInput,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';

/** A route as it is stored: trimmed, zips as 5 digits, days in their written order, nothing unchecked. */
export interface CleanRoute {
  name: string;
  startTime: string;
  rows: {
    _id?: string;
    city: string;
    zipCode: string;
    dayOfTheWeek: string;
    biWeekly: boolean;
    overnight: boolean;
    price: number;
    data: { notes?: string };
  }[];
}

const START_TIME = new RegExp(START_TIME_PATTERN);
const OBJECT_ID = /^[a-f\d]{24}$/i;
const required = (value: string, title: string, max: number) => {
  if (!value) return M.pleaseInput(title);
  if (value.length > max) return title === T.name ? M.nameTooLong : M.tooLong(title, max);
  return undefined;
};

/**
 * The editor's rules (orders §5 "Routes": name required ≤ 100, start time required, every cell required) and ours
 * (a zip is 5 digits or 00000, days parse, a price is dollars ≥ 0): the first problem's message, or the clean
 * route. Pure; nothing is written when it answers a message.
 */
export function checkRoute(input: RouteInput): { error: string } | { route: CleanRoute } {
  const name = input.name.trim();
  const startTime = input.data.startTime.trim();
  const problem =
    required(name, T.name, L.name) ??
    required(startTime, T.startTime, 5) ??
    (START_TIME.test(startTime) ? undefined : M.badStartTime) ??
    (input.data.rows.length > L.rows ? M.tooManyRows : undefined);
  if (problem) return { error: problem };
  const rows: CleanRoute['rows'] = [];
  const ids = new Set<string>();
  for (const row of input.data.rows) {
    const city = row.city.trim();
    const zip = row.zipCode.trim();
    const days = row.dayOfTheWeek.trim();
    const notes = row.data?.notes?.trim();
    const bad =
      required(city, T.city, L.city) ??
      required(zip, T.zipCode, L.zipCode) ??
      (zip === ANY_ZIP || zip5(zip) ? undefined : M.badZip) ??
      required(days, T.dayOfTheWeek, L.dayOfTheWeek) ??
      (() => {
        const parsed = parseRouteDays(days);
        return parsed.mode === 'invalid' ? parsed.message : undefined;
      })() ??
      (Number.isFinite(row.price) && row.price >= 0 && row.price <= L.price ? undefined : M.badPrice) ??
      (notes && notes.length > L.notes ? M.tooLong('Notes', L.notes) : undefined);
    if (bad) return { error: bad };
    // a row keeps its id when it has a real one, once; anything else is a new row
    const keep = row.id && OBJECT_ID.test(row.id) && !ids.has(row.id) ? row.id : undefined;
    if (keep) ids.add(keep);
    rows.push({
      ...(keep ? { _id: keep } : {}),
      city,
      zipCode: zip === ANY_ZIP ? ANY_ZIP : zip5(zip),
      dayOfTheWeek: days,
      biWeekly: row.biWeekly ?? false,
      overnight: row.overnight ?? false,
      price: Math.round(row.price * 100) / 100,
      data: notes ? { notes } : {},
    });
  }
  return { route: { name, startTime, rows } };
}

/** checkRoute for the writes: its message as a 400. */
export function validRoute(input: RouteInput): CleanRoute {
  const checked = checkRoute(input);
  if ('error' in checked) throw new Problem(400, checked.error);
  return checked.route;
}

/** The zip /routes/find is asked for, as its 5 digits (ANY_ZIP asks for the every-zip rows only); else a 400. */
export function findZip(zip: string): string {
  const z = zip.trim() === ANY_ZIP ? ANY_ZIP : zip5(zip);
  if (!z) throw new Problem(400, RouteMessages.badZip);
  return z;
}
