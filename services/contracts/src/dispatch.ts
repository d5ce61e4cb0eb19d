/**
 * Dispatch (issue 14): the daily schedule, live updates, route maps, the weekly driver schedule, tracking links and
 * the public schedule search — the calls' shapes and the spec's words, shared by services/routing and mfe-schedule.
 * Plain types and constants only (browser-safe: no TypeBox here; the service's schemas are in services/routing).
 */

/** The spec's words (orders §2, §5, §8, §9), word for word. */
export const DispatchMessages = {
  searchPlaceholder: 'Search by Order ID, or Route Name',
  emptyDay: 'No Orders found. Please select a different date.',
  loadFailed: (message: string) => `Error: ${message}`,
  inTransitConfirm: 'Are you sure you want to set these orders to In Transit?',
  inTransitDone: (n: number, total: number) => `${n} orders out of ${total} were set to In Transit`,
  alreadyDelivered:
    'Some of these orders have already been delivered or rejected. Are you sure you want to put these orders back into In-Transit.',
  signDone: (n: number, total: number) => `${n} manifest(s) out of ${total} were signed`,
  signCancelled: 'Sign manifests canceled.',
  missingManifests: (ids: string) =>
    `These orders have no manifest: ${ids}. Print the manifests of the other orders?`,
  updateFailed: (message: string) => `Update failed: ${message}`,
  selectDriver: 'Please first select a valid driver',
  changesMade: 'Changes made. Make sure to hit Notify Button!',
  trackingGone: 'This tracking link is no longer valid.',
} as const;

/** Constants (orders §9). */
export const DISPATCH = {
  /** Schedule text edits save after this pause. */
  textSaveMs: 3000,
  /** Schedule search pause. */
  searchDebounceMs: 750,
  /** Pickup driver changes younger than this are red. */
  driverChangeRedMs: 24 * 3600_000,
  mapZoom: 10,
  publicSearchMax: 250,
  publicSearchPageSize: 50,
  publicSearchDefaultDays: ['mon', 'tue', 'wed', 'thur', 'fri'] as const,
  /** Tracking links live this long after the route is set in transit. */
  trackingTtlMs: 3 * 24 * 3600_000,
} as const;

/** The per-route sections, in screen order (orders §2 Schedule), and the two day-wide blocks. */
export const SCHEDULE_SECTIONS = {
  sameDay: 'Same Day Pickup',
  warehouse: 'Warehouse Pickup',
  layover: 'Layover Pickup',
  cashReturn: 'Cash Return',
  deliveries: 'Deliveries',
} as const;
export type ScheduleSection = keyof typeof SCHEDULE_SECTIONS;
export const warehouseBlockTitle = (day: string) => `Warehouse - ${day}`;
export const DROPOFFS_TITLE = 'Dropoffs';

export interface DispatchAddress {
  name: string;
  street: string;
  city: string;
  zip: string;
}

/** One order as the schedule shows it (routing's read model of orders, with names resolved). */
export interface ScheduleOrder {
  id: string;
  orderId: string;
  version: number;
  status: number;
  orderType: string;
  orderDef: string;
  pickupType: string;
  pickupLN: string;
  destinationLN: string;
  vendorName: string;
  destName: string;
  pickupAddress: DispatchAddress;
  destAddress: DispatchAddress;
  preferredDelivery?: string;
  deliveryDate?: string;
  pickupDate?: string;
  route: string;
  pickupRoute: string;
  pickupDriver: string;
  pickupDriverName?: string;
  deliveryDriver: string;
  deliveryDriverName?: string;
  /** True when the pickup driver changed within the last 24 hours (shown red). */
  pickupDriverChanged: boolean;
  weight: string;
  notes: string;
  billingNotes: string;
  checkedin: boolean;
  checkedout: boolean;
  hasManifest: boolean;
  manifestSigned: boolean;
}

export interface ScheduleRoute {
  route: { id: string; name: string; startTime: string };
  counts: { sameDayPickups: number; pickups: number; deliveries: number };
  sections: Record<ScheduleSection, ScheduleOrder[]>;
}

/** POST /api/orders/schedule {opts: {day, isAdmin?, q?}} → {data: ScheduleDay} (orders §7). */
export interface ScheduleOpts {
  /** YYYY-MM-DD */
  day: string;
  isAdmin?: boolean;
  /** Order id or route name (the search box). */
  q?: string;
}
export interface ScheduleDay {
  day: string;
  routes: ScheduleRoute[];
  /** "Warehouse - {date}": pickups at a warehouse or drops (route cities with "Utility" excluded). */
  warehouse: ScheduleOrder[];
  /** Dropoff orders; absent for drivers. */
  dropoffs?: ScheduleOrder[];
  /** The live cursor at the time of this answer: GET /api/schedule/live resumes after it. */
  cursor: number;
}

/**
 * GET /api/schedule/live?day=YYYY-MM-DD (server-sent events; bearer header, so the browser reads it with fetch).
 * Each event: `id: <cursor>`, `event: order`, `data: LiveOrderEvent`. Resume with the Last-Event-ID header.
 * Scoped: staff see every order, a driver only orders where they are the pickup or delivery driver.
 */
export interface LiveOrderEvent {
  cursor: number;
  day: string;
  /** The order now, or null when it left the day (deleted, moved to another day, no longer visible to the caller). */
  order: ScheduleOrder | null;
  id: string;
  by?: string;
}

/** Map state (orders §3 "Map state"): GET /api/maps/{id}, POST /api/maps/update {id, data}. id = `{routeId}_{day}`. */
export interface MapAddress {
  address: string;
  name: string;
  deleted: boolean;
  order: number;
  /** The order this stop serves (ours; the spec's fields are the four above). */
  orderId?: string;
  zip?: string;
}
export interface MapState {
  id: string;
  data: { addresses: MapAddress[] };
  /** When it was saved last (absent: never saved). */
  lastUpdated?: string;
}
export const mapIdOf = (routeId: string, day: string) => `${routeId}_${day}`;

/** One weekly schedule cell entry (orders §3 "Driver schedule"). */
export interface DriverScheduleEntry {
  driver: string;
  vehicle?: string;
  route?: string;
  misc?: { backHaul?: boolean; training?: boolean; cancelled?: boolean; notes?: string };
}
/** Days keyed '1' (Monday) … '7' (Sunday). */
export interface DriverSchedule {
  id?: string;
  /** Week start (Monday, YYYY-MM-DD). */
  date: string;
  data: { days: Record<string, DriverScheduleEntry[]> };
  lastUpdated?: string;
}

/** GET /api/track/{token} (public): what a receiver sees of their one order. */
export interface TrackingView {
  orderId: string;
  destName: string;
  state: 'scheduled' | 'out-for-delivery' | 'delivered' | 'not-delivered';
  /** "out for delivery — stop {k} of {n}" */
  stop?: { k: number; n: number };
  window?: { day: string; from?: string; to?: string };
  delivered?: { at: string; name: string };
}

/** GET /api/schedule/search?q=&days=&page= (public): a route stop serving a city or zip. */
export interface ScheduleSearchRow {
  routeId: string;
  routeName: string;
  city: string;
  zip: string;
  days: string;
  startTime: string;
  overnight: boolean;
  biWeekly: boolean;
}
export interface ScheduleSearchAnswer {
  data: { rows: ScheduleSearchRow[]; total: number; page: number; pageSize: number; truncated?: boolean };
}

// --- weekly driver schedule (issue 14 weekly part) ---
/** The weekly part's own words where the spec has none (the spec's are in DispatchMessages). */
export const WeeklyMessages = {
  badDate: 'Please choose a valid date (YYYY-MM-DD).',
  badDay: 'Days are 1 (Monday) to 7 (Sunday).',
  unknownVehicle: (id: string) => `Unknown vehicle ${id}. Please choose a vehicle from the list.`,
  unknownRoute: (id: string) => `Unknown route ${id}. Please choose a route from the list.`,
  twice: (name: string, day: string) => `${name} is on ${day} twice. Keep one row per driver and day.`,
  notesTooLong: 'Notes cannot be longer than 500 characters.',
  changedMeanwhile: 'This week was changed by someone else. Reload it and try again.',
  weekNotEmpty: (week: string) => `The week of ${week} already has a schedule. Copy over it?`,
  sameWeek: 'Choose another week to copy to.',
  vehicleInactive: (name: string, where: string) => `${name} is inactive (${where}).`,
  vehicleDue: (name: string, due: string, where: string) => `${name} is due for service: ${due} (${where}).`,
  vehicleTwice: (name: string, where: string) => `${name} is assigned to more than one driver (${where}).`,
  saved: 'Schedule updated.',
  notified: (n: number) => `Notified ${n} driver(s).`,
  copied: (week: string) => `Schedule copied to the week of ${week}.`,
} as const;

/** A name the grid shows for a driver (emails only to staff: roles 0, 1). */
export interface WeeklyDriver {
  id: string;
  name: string;
  email?: string;
  /** Deleted in fleet (an old week still names them). */
  deleted?: boolean;
}
export interface WeeklyVehicle {
  id: string;
  name: string;
  lic?: string;
  status: 0 | 1;
  due: string[];
  deleted?: boolean;
}
export interface WeeklyRoute {
  id: string;
  name: string;
  startTime: string;
}
/** One net change since the drivers were last notified (driver, day 1…7, route/vehicle before and after). */
export interface WeeklyChange {
  driverId: string;
  day: number;
  before: { route?: string; vehicle?: string } | null;
  after: { route?: string; vehicle?: string } | null;
}
/**
 * GET|POST /api/driverschedule (signed in) and GET /api/driverschedule/public?date= (no login): the week's schedule
 * with the names the grid needs. `pending` (staff only) = the net changes not yet notified.
 */
export interface WeeklyScheduleAnswer {
  data: DriverSchedule & {
    drivers: WeeklyDriver[];
    vehicles: WeeklyVehicle[];
    routes: WeeklyRoute[];
    pending?: WeeklyChange[];
    /** The caller may edit (roles 0, 1). */
    canEdit: boolean;
    /** The caller's own fleet driver ids (their rows are highlighted). */
    mine: string[];
  };
}
/** POST /api/driverschedule/update {schedule, notify?}: notify = true (every affected driver) or the driver ids. */
export interface WeeklyUpdateBody {
  schedule: DriverSchedule;
  notify?: boolean | string[];
}
export interface WeeklyUpdateAnswer {
  data: DriverSchedule & { warnings: string[]; pending: WeeklyChange[]; notified: string[] };
}
/** POST /api/driverschedule/copy {from, to, force?} (roles 0, 1). */
export interface WeeklyCopyBody {
  from: string;
  to: string;
  force?: boolean;
}

/** Route map (issue 14 maps part): GET /api/maps/config → {data: MapsConfig}. */
export interface MapsConfig {
  /** XYZ tile URL template ({z}/{x}/{y}); '' = the plain vector basemap of US state outlines. */
  tilesUrl: string;
  tilesAttribution: string;
  zoom: number;
}
/** POST /api/maps/geocode {stops: [{address, zip}]} → {data: {points: (GeoPoint | null)[]}} (one per stop). */
export interface GeoPoint {
  lat: number;
  lon: number;
  /** 'zip': the zip code's centroid (offline default, or the geocoder did not find the street address). */
  precision: 'address' | 'zip';
}
/** POST /api/maps/directions {points: [{lat, lon}]} → {data: MapDirections}. */
export interface MapDirections {
  /** [lon, lat] pairs. */
  line: [number, number][];
  /** metres */
  distance: number;
  /** seconds */
  duration: number;
  /** 'straight': straight segments at an assumed speed (no directions service configured, or it failed). */
  source: 'router' | 'straight';
}
export const MapMessages = {
  saved: 'Map saved.',
  saveFailed: (message: string) => `Map not saved: ${message}`,
  notLocated: 'No position found for this address',
  noStops: 'This route has no stops on this day.',
} as const;

/** The public part's words (issue 14: tracking page and public search; the spec words none of these). */
export const PublicMessages = {
  trackingStop: (k: number, n: number) => `out for delivery — stop ${k} of ${n}`,
  trackingNoToken: 'Open the tracking link in your delivery email to follow your delivery.',
  searchCount: (n: number, max: number) => `${n} results (max ${max})`,
  searchTruncated: (max: number) =>
    `More than ${max} stops match: type more of the city or zip to narrow it down.`,
  searchHint: 'Type a city or a zip code to see which days deliveries run there.',
  searchNone: 'No delivery route serves this city or zip on the chosen days.',
} as const;
