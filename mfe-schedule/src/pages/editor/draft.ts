/**
 * The route editor's working copy and its checks (orders §5 Routes): name required and at most 100 characters,
 * start time required, each row's required cells answered with "Please Input {title}!" (titles, limits, patterns
 * and messages from @portal/contracts, which the service checks with too). Pure: unit-tested. Inputs stay strings
 * while edited (a price field may be blank); `toInput` gives the body the service takes.
 */
import {
  ROUTE_FIELD_TITLES as TITLES,
  ROUTE_LIMITS,
  RouteMessages,
  parseRouteDays,
  zip5,
  type Route,
  type RouteField,
  type RouteInput,
  type RouteUpdateInput,
} from '@portal/contracts';

export interface RowDraft {
  /** Stable key for the table (a new row has no id until the service gives one). */
  key: string;
  id?: string;
  city: string;
  zipCode: string;
  dayOfTheWeek: string;
  biWeekly: boolean;
  overnight: boolean;
  price: string;
}
export interface RouteDraft {
  id?: string;
  /** The version loaded: the update sends it, so a route changed meanwhile answers 409 instead of being overwritten. */
  lastUpdated?: string;
  name: string;
  startTime: string;
  rows: RowDraft[];
}
export type RowField = Extract<RouteField, 'city' | 'zipCode' | 'dayOfTheWeek' | 'price'>;
export type HeadField = Extract<RouteField, 'name' | 'startTime'>;
type Problems<F extends string> = Partial<Record<F, string>>;

const input = (f: RouteField) => RouteMessages.pleaseInput(TITLES[f]);

let seq = 0;
export const blankRow = (): RowDraft => ({
  key: `new-${++seq}`,
  city: '',
  zipCode: '',
  dayOfTheWeek: '',
  biWeekly: false,
  overnight: false,
  price: '',
});
export const blankRoute = (): RouteDraft => ({ name: '', startTime: '', rows: [] });

export const fromRoute = (r: Route): RouteDraft => ({
  id: r.id,
  lastUpdated: r.lastUpdated,
  name: r.name,
  startTime: r.data.startTime,
  rows: r.data.rows.map((row) => ({
    key: row.id,
    id: row.id,
    city: row.city,
    zipCode: row.zipCode,
    dayOfTheWeek: row.dayOfTheWeek,
    biWeekly: row.biWeekly,
    overnight: row.overnight,
    price: row.price === undefined ? '' : String(row.price),
  })),
});

export function rowProblems(r: RowDraft): Problems<RowField> {
  const out: Problems<RowField> = {};
  if (!r.city.trim()) out.city = input('city');
  else if (r.city.trim().length > ROUTE_LIMITS.city)
    out.city = RouteMessages.tooLong(TITLES.city, ROUTE_LIMITS.city);
  if (!r.zipCode.trim()) out.zipCode = input('zipCode');
  else if (!zip5(r.zipCode)) out.zipCode = RouteMessages.badZip;
  const days = parseRouteDays(r.dayOfTheWeek);
  if (days.mode === 'invalid') out.dayOfTheWeek = days.message;
  const price = Number(r.price);
  if (!r.price.trim()) out.price = input('price');
  else if (!Number.isFinite(price) || price < 0 || price > ROUTE_LIMITS.price)
    out.price = RouteMessages.badPrice;
  return out;
}

export function routeProblems(d: RouteDraft): Problems<HeadField> {
  const out: Problems<HeadField> = {};
  if (!d.name.trim()) out.name = input('name');
  else if (d.name.trim().length > ROUTE_LIMITS.name) out.name = RouteMessages.nameTooLong;
  if (!d.startTime) out.startTime = input('startTime');
  return out;
}

export function toInput(d: RouteDraft): RouteInput | RouteUpdateInput {
  const body: RouteInput = {
    name: d.name.trim(),
    data: {
      startTime: d.startTime,
      rows: d.rows.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        city: r.city.trim(),
        zipCode: r.zipCode.trim(),
        dayOfTheWeek: r.dayOfTheWeek,
        biWeekly: r.biWeekly,
        overnight: r.overnight,
        price: Number(r.price),
      })),
    },
  };
  return d.id ? { ...body, id: d.id, ...(d.lastUpdated ? { lastUpdated: d.lastUpdated } : {}) } : body;
}

/** Two drafts hold the same route (the unsaved-changes check): compared on what would be saved. */
export const sameRoute = (a: RouteDraft, b: RouteDraft) =>
  JSON.stringify(toInput(a)) === JSON.stringify(toInput(b));
