import { Role, OrderStatus, SCHEDULE_STATUS_ORDER } from '@portal/contracts';
import {
  DISPATCH,
  type ScheduleDay,
  type ScheduleOpts,
  type ScheduleOrder,
  type ScheduleRoute,
  type ScheduleSection,
} from '@portal/contracts/dispatch';
import type { ReadOrder } from '../../readmodels/orders.js';

/**
 * The daily schedule (orders §2 "Schedule"), pure: the day's orders of the read model grouped by route and
 * section. Every order has up to two legs on the day — its pickup (pickupDay = day, on pickupRoute, else route) and
 * its delivery (deliveryDay = day, on route). Where a leg lands (README "Sections"):
 * - orderType `dropoff` → the Dropoffs block (not for drivers), never a route section;
 * - a pickup leg: pickupType `warehouse` → Warehouse Pickup; `regular` (or orderType sameDay) → Same Day Pickup;
 *   otherwise (`layoverpickup`, types layover / cash_pickup) → Layover Pickup;
 * - a delivery leg: orderType `cash_return` → Cash Return; a same-day order picked up the same day on the same
 *   route is already under Same Day Pickup (listed once); any other → Deliveries;
 * - a leg on a warehouse-type route (name contains "Warehouse", a row with zip 00000, a utility pseudo-route), and
 *   every warehouse pickup, also goes to the "Warehouse - {date}" block, unless that route's cities contain
 *   "Utility";
 * - routes whose name contains "Cash" or "Warehouse" are skipped in the main list; a leg with no route is listed
 *   on the route serving its address's zip, else under "No route" (id '') so a dispatcher sees it;
 * - cancelled orders (status 8 or deleted 2) are left out (the status order has no place for them).
 * Days come from the orders, not from the route's run days, so utility ids (`__utility__…`) need no day check.
 */
export interface ScheduleRouteInfo {
  id: string;
  name: string;
  startTime: string;
  cities: string[];
  /** A row serves every zip (00000) or it is a utility pseudo-route: warehouse-type. */
  anyZip: boolean;
  /** The zips its rows serve (for orders that name no route). */
  zips?: string[];
}
export interface ScheduleDriver {
  id: string;
  name: string;
}

const NO_ROUTE: ScheduleRouteInfo = { id: '', name: 'No route', startTime: '', cities: [], anyZip: false };
const rank = new Map<number, number>(SCHEDULE_STATUS_ORDER.map((s, i) => [s, i]));
const numeric = new Intl.Collator('en', { numeric: true });
const byStatus = (a: ScheduleOrder, b: ScheduleOrder) =>
  (rank.get(a.status) ?? 99) - (rank.get(b.status) ?? 99) || numeric.compare(a.orderId, b.orderId);

/**
 * Orders name their route by id, older ones by name: the map holds both keys. An order that names no route is
 * listed on the route that serves its zip (the leg's address: pickup or destination), the first such route that is
 * not warehouse-type; only with none is it under "No route".
 */
const nameKey = (name: string) => `name:${name.trim().toLowerCase()}`;
const zipKey = (zip: string) => `zip:${zip.trim().slice(0, 5)}`;
export function routeLookup(routes: ScheduleRouteInfo[]): Map<string, ScheduleRouteInfo> {
  const map = new Map<string, ScheduleRouteInfo>();
  for (const r of routes) if (!map.has(nameKey(r.name))) map.set(nameKey(r.name), r);
  for (const r of routes)
    if (!r.anyZip && !skippedInMain(r.name))
      for (const z of r.zips ?? []) if (!map.has(zipKey(z))) map.set(zipKey(z), r);
  for (const r of routes) map.set(r.id, r);
  return map;
}

export const skippedInMain = (name: string) => /cash|warehouse/i.test(name);
export const isWarehouseType = (r: ScheduleRouteInfo) =>
  r.id !== '' && (/warehouse/i.test(r.name) || r.anyZip);
const utilityCity = (r: ScheduleRouteInfo) => r.cities.some((c) => /utility/i.test(c));

export function pickupSection(o: ReadOrder): ScheduleSection {
  const pt = o.facts.pickupType;
  if (pt === 'warehouse') return 'warehouse';
  if (pt === 'regular' || (!pt && o.orderType === 'sameDay')) return 'sameDay';
  return 'layover';
}

export function scheduleOrderOf(o: ReadOrder, names: Map<string, string>, now: Date): ScheduleOrder {
  const f = o.facts;
  const changed = f.pickupDriverChange ? Date.parse(f.pickupDriverChange) : NaN;
  // red when the pickup driver changed within 24 hours of the pickup day (orders stamps the change only then);
  // an order without a pickup day keeps the mark for 24 hours after the change
  const pickupStart = o.pickupDay ? Date.parse(`${o.pickupDay}T00:00:00Z`) : NaN;
  const red = Number.isNaN(pickupStart)
    ? changed <= now.getTime() && now.getTime() - changed < DISPATCH.driverChangeRedMs
    : changed >= pickupStart - DISPATCH.driverChangeRedMs;
  const vehicle = (id: string | undefined, key: 'pickupVehicle' | 'deliveryVehicle') =>
    id ? { [key]: id, ...(names.has(id) ? { [`${key}Name`]: names.get(id) } : {}) } : {};
  return {
    id: o.id,
    orderId: o.orderId,
    version: f.version,
    status: o.status,
    orderType: o.orderType,
    orderDef: o.orderDef,
    pickupType: f.pickupType,
    pickupLN: o.pickupLN,
    destinationLN: o.destinationLN,
    vendorName: o.vendorName,
    destName: o.destName,
    pickupAddress: f.pickupAddress,
    destAddress: f.destAddress,
    ...(o.preferredDelivery ? { preferredDelivery: o.preferredDelivery } : {}),
    ...(o.deliveryDate ? { deliveryDate: o.deliveryDate } : {}),
    ...(o.pickupDate ? { pickupDate: o.pickupDate } : {}),
    route: f.route,
    pickupRoute: f.pickupRoute,
    pickupDriver: f.pickupDriver,
    ...(names.has(f.pickupDriver) ? { pickupDriverName: names.get(f.pickupDriver) } : {}),
    deliveryDriver: f.deliveryDriver,
    ...(names.has(f.deliveryDriver) ? { deliveryDriverName: names.get(f.deliveryDriver) } : {}),
    pickupDriverChanged: !Number.isNaN(changed) && red,
    ...vehicle(f.pickupVehicle, 'pickupVehicle'),
    ...vehicle(f.deliveryVehicle, 'deliveryVehicle'),
    weight: f.weight,
    notes: f.notes,
    billingNotes: f.billingNotes,
    checkedin: f.checkedin,
    checkedout: f.checkedout,
    hasManifest: f.hasManifest,
    manifestSigned: f.manifestSigned,
  };
}

/** Whether a driver (their fleet driver ids) may see the order: pickup or delivery driver. */
export const driverSees = (o: { facts: { pickupDriver: string; deliveryDriver: string } }, ids: string[]) =>
  ids.some((id) => id && (id === o.facts.pickupDriver || id === o.facts.deliveryDriver));

export const isCancelled = (o: ReadOrder) => o.status === OrderStatus.cancelled || o.facts.deleted === 2;

interface Leg {
  order: ReadOrder;
  route: ScheduleRouteInfo;
  section: ScheduleSection | null;
  warehouse: boolean;
}

/** The legs of one order on the day (0, 1 or 2), before the search and the skip rules. Pure. */
export function legsOf(o: ReadOrder, day: string, routes: Map<string, ScheduleRouteInfo>): Leg[] {
  const routeOf = (id: string, zip: string) =>
    id
      ? (routes.get(id) ?? routes.get(nameKey(id)) ?? { ...NO_ROUTE, id, name: id })
      : (routes.get(zipKey(zip)) ?? NO_ROUTE);
  const legs: Leg[] = [];
  const pickupToday = o.pickupDay === day && o.orderType !== 'cash_return';
  if (pickupToday) {
    const route = routeOf(o.facts.pickupRoute || o.facts.route, o.facts.pickupAddress.zip);
    const section = pickupSection(o);
    legs.push({ order: o, route, section, warehouse: section === 'warehouse' || isWarehouseType(route) });
  }
  if (o.deliveryDay === day) {
    const route = routeOf(o.facts.route, o.facts.destAddress.zip);
    const sameDayDone = pickupToday && legs[0]!.section === 'sameDay' && legs[0]!.route.id === route.id;
    if (!sameDayDone) {
      const section: ScheduleSection = o.orderType === 'cash_return' ? 'cashReturn' : 'deliveries';
      legs.push({ order: o, route, section, warehouse: isWarehouseType(route) });
    }
  }
  return legs.map((l) => (l.warehouse && utilityCity(l.route) ? { ...l, warehouse: false } : l));
}

/**
 * The ScheduleDay for `opts.day`: `role` is the caller's (2 = driver: only their orders, no Dropoffs), `driverIds`
 * the caller's fleet driver ids, `drivers` for names, `now` for the 24-hour driver-change flag. `q` matches an order
 * id (contains) or a route name (contains, any case).
 */
export function buildScheduleDay(
  orders: ReadOrder[],
  routes: ScheduleRouteInfo[],
  drivers: ScheduleDriver[],
  opts: ScheduleOpts,
  role: number,
  driverIds: string[],
  now: Date,
  cursor = 0,
): ScheduleDay {
  const day = opts.day;
  const isDriver = role === Role.Driver;
  const q = (opts.q ?? '').trim().toLowerCase();
  const routeMap = routeLookup(routes);
  const names = new Map(drivers.map((d) => [d.id, d.name]));
  const view = new Map<string, ScheduleOrder>();
  const so = (o: ReadOrder) => view.get(o.id) ?? view.set(o.id, scheduleOrderOf(o, names, now)).get(o.id)!;
  const idHit = (o: ReadOrder) => !q || o.orderId.toLowerCase().includes(q);

  const byRoute = new Map<string, ScheduleRoute>();
  const warehouse = new Map<string, ScheduleOrder>();
  const dropoffs: ScheduleOrder[] = [];
  for (const o of orders) {
    if (isCancelled(o) || o.facts.deleted === 1) continue;
    if (isDriver && !driverSees(o, driverIds)) continue;
    if (o.orderType === 'dropoff') {
      if (!isDriver && (o.deliveryDay === day || o.pickupDay === day) && idHit(o)) dropoffs.push(so(o));
      continue;
    }
    for (const leg of legsOf(o, day, routeMap)) {
      const hit = idHit(o) || (!!q && leg.route.name.toLowerCase().includes(q));
      if (!hit) continue;
      if (leg.warehouse) warehouse.set(o.id, so(o));
      if (!leg.section || skippedInMain(leg.route.name)) continue;
      let r = byRoute.get(leg.route.id);
      if (!r) {
        r = {
          route: { id: leg.route.id, name: leg.route.name, startTime: leg.route.startTime },
          counts: { sameDayPickups: 0, pickups: 0, deliveries: 0 },
          sections: { sameDay: [], warehouse: [], layover: [], cashReturn: [], deliveries: [] },
        };
        byRoute.set(leg.route.id, r);
      }
      r.sections[leg.section].push(so(o));
      if (leg.section === 'sameDay') r.counts.sameDayPickups++;
      if (leg.section === 'sameDay' || leg.section === 'warehouse' || leg.section === 'layover')
        r.counts.pickups++;
      if (leg.section === 'deliveries' || leg.section === 'cashReturn') r.counts.deliveries++;
      if (leg.section === 'sameDay' && o.deliveryDay === day) r.counts.deliveries++;
    }
  }
  const list = [...byRoute.values()].sort(
    (a, b) =>
      Number(a.route.id === '') - Number(b.route.id === '') ||
      (a.route.startTime || '99').localeCompare(b.route.startTime || '99') ||
      a.route.name.localeCompare(b.route.name),
  );
  for (const r of list)
    for (const k of Object.keys(r.sections) as ScheduleSection[]) r.sections[k].sort(byStatus);
  return {
    day,
    routes: list,
    warehouse: [...warehouse.values()].sort(byStatus),
    ...(isDriver ? {} : { dropoffs: dropoffs.sort(byStatus) }),
    cursor,
  };
}
