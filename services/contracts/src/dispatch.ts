/**
 * Dispatch: the daily schedule, live updates, route maps, the weekly driver schedule, tracking links and
 * the public schedule search — the calls' shapes and the spec's words, shared by services/routing and mfe-schedule.
 * Plain types and constants only (browser-safe: no TypeBox here; the service's schemas are in services/routing).
 *
 * Imported as `@portal/contracts/dispatch`, NOT re-exported by the package root: the root's browser entry is a
 * shared chunk every page loads (/login included, budget 150 KB gzipped, shell/test/bundle-budget.test.ts), and
 * only the schedule MFE and routing need these. A domain's new browser contracts take the same road.
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

/**
 * POST /api/orders/intransit {ids, reopen?} ("Set to In Transit" on a route header; roles 0, 1, 2): approved and
 * picked-up orders move to In Transit; delivered or rejected ones only with `reopen` (the user answered the
 * "already delivered" question); received, cancelled or deleted orders never. Each skipped order says why.
 */
export interface InTransitBody {
  ids: string[];
  reopen?: boolean;
}
export type InTransitSkipReason = 'notApproved' | 'alreadyInTransit' | 'done' | 'cancelled' | 'failed';
export interface InTransitAnswer {
  message: string;
  data: {
    moved: string[];
    skipped: { id: string; orderId: string; reason: InTransitSkipReason; detail?: string }[];
    total: number;
  };
}
export const InTransitReasons: Record<InTransitSkipReason, string> = {
  notApproved: 'not approved yet',
  alreadyInTransit: 'already In Transit',
  done: 'already delivered or rejected',
  cancelled: 'cancelled or deleted',
  failed: 'could not be changed',
};

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
  /** True when the pickup driver changed within 24 hours of the pickup date (shown red). */
  pickupDriverChanged: boolean;
  /** Fleet vehicle ids of the legs (the weekly schedule's, orders' data.order.vehicle) and their names. */
  pickupVehicle?: string;
  pickupVehicleName?: string;
  deliveryVehicle?: string;
  deliveryVehicleName?: string;
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

export * from './dispatch-maps.js';
export * from './dispatch-weekly.js';
export * from './dispatch-public.js';
