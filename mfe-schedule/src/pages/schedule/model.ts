import { SCHEDULE_STATUS_ORDER, type OrderStatusNumber } from '@portal/contracts';
import {
  SCHEDULE_SECTIONS,
  type LiveOrderEvent,
  type ScheduleDay,
  type ScheduleOrder,
  type ScheduleRoute,
  type ScheduleSection,
} from '@portal/contracts/dispatch';

/** The day's sections in screen order (orders §2). */
export const SECTION_KEYS = Object.keys(SCHEDULE_SECTIONS) as ScheduleSection[];

const rank = (s: number) => {
  const i = SCHEDULE_STATUS_ORDER.indexOf(s as OrderStatusNumber);
  return i < 0 ? SCHEDULE_STATUS_ORDER.length : i;
};

/** Orders §2: the schedule sorts by status (received, approved, picked up, in transit, delivered, …); stable. */
export const sortByStatus = (orders: ScheduleOrder[]) =>
  orders
    .map((o, i) => [o, i] as const)
    .sort((a, b) => rank(a[0].status) - rank(b[0].status) || a[1] - b[1])
    .map(([o]) => o);

export const routeOrders = (r: ScheduleRoute): ScheduleOrder[] => SECTION_KEYS.flatMap((k) => r.sections[k]);

/** A route's orders once each (an order picked up and delivered on the same route that day is listed twice). */
export const routeOrdersOnce = (r: ScheduleRoute): ScheduleOrder[] => [
  ...new Map(routeOrders(r).map((o) => [o.id, o])).values(),
];

/** Statuses after which "Set to In Transit" asks the second question (delivered, exception, rejections). */
export const DONE_STATUSES = [3, 4, 5, 6];

/** The fields the server groups an order by: a change to any of them may move it to another route or section. */
const PLACE: (keyof ScheduleOrder)[] = [
  'route',
  'pickupRoute',
  'orderType',
  'orderDef',
  'pickupType',
  'pickupLN',
  'destinationLN',
  'deliveryDate',
  'pickupDate',
  'preferredDelivery',
];

const samePlace = (a: ScheduleOrder, b: ScheduleOrder) => PLACE.every((k) => a[k] === b[k]);

const patch = (list: ScheduleOrder[], o: ScheduleOrder) =>
  list.some((x) => x.id === o.id) ? sortByStatus(list.map((x) => (x.id === o.id ? o : x))) : list;

/**
 * A live event applied to the day on screen. An order still where it was (same route, type, dates…) is replaced in
 * place and its section re-sorted; anything else — a new order, one that left the day, one that moved — answers
 * 'refetch': the server owns the grouping rules (sections, skips, warehouse block), so the screen asks it again
 * (debounced by the caller) instead of copying them.
 */
export function applyLive(day: ScheduleDay, e: LiveOrderEvent): ScheduleDay | 'refetch' {
  if (e.day !== day.day || !e.order) return 'refetch';
  const o = e.order;
  const all = [...day.routes.flatMap(routeOrders), ...day.warehouse, ...(day.dropoffs ?? [])];
  const was = all.find((x) => x.id === o.id);
  if (!was || !samePlace(was, o)) return 'refetch';
  if (was.version > o.version) return day; // an older event than what we show
  return {
    ...day,
    cursor: Math.max(day.cursor, e.cursor),
    routes: day.routes.map((r) => ({
      ...r,
      sections: Object.fromEntries(
        SECTION_KEYS.map((k) => [k, patch(r.sections[k], o)]),
      ) as ScheduleRoute['sections'],
    })),
    warehouse: patch(day.warehouse, o),
    ...(day.dropoffs ? { dropoffs: patch(day.dropoffs, o) } : {}),
  };
}

/**
 * A schedule answer with the live events it has not seen yet (cursor after the answer's) applied on top: an answer
 * requested before a change was applied on the server can arrive after that change's live event patched the screen,
 * and must not put the older state back (the stream never sends that event again). 'refetch' when one of them
 * does not patch in place.
 */
export function replayNewer(day: ScheduleDay, events: readonly LiveOrderEvent[]): ScheduleDay | 'refetch' {
  let now = day;
  for (const e of events) {
    if (e.cursor <= day.cursor) continue;
    const next = applyLive(now, e);
    if (next === 'refetch') return 'refetch';
    now = next;
  }
  return now;
}

/** A stop of the route map: pickups at the pickup address, the rest at the destination. */
export function stopsOf(r: ScheduleRoute) {
  return SECTION_KEYS.flatMap((k) =>
    r.sections[k].map((o) => {
      const a = k === 'deliveries' ? o.destAddress : o.pickupAddress;
      return {
        orderId: o.id,
        name: a.name || (k === 'deliveries' ? o.destName : o.vendorName),
        address: [a.street, a.city].filter(Boolean).join(', '),
        zip: a.zip,
      };
    }),
  );
}

/** Today as YYYY-MM-DD in the browser's time zone (the dispatcher's day). */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export const isDay = (s: string | null): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
