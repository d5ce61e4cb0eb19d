import { OrderMessages as M } from './order-messages.js';
import { OrderStatus } from './orders.js';
import type { LicenceCopy, OrderBilling, OrderCoreInput } from './order-types.js';
import { Role, isStaff, type RoleNumber } from './roles.js';

/**
 * The order rules of orders §4–5 as PURE functions: the service runs them as the truth, the form runs the
 * same ones for instant feedback. No I/O: what needs a lookup (licence found? route days?) arrives in the context.
 * Days are compared as UTC calendar days ('YYYY-MM-DD'), like the list keys.
 */

/** The order switches (orders §6; config orders.* and the top-level useRCheck). Missing = the default named. */
export interface OrderSwitches {
  /** Preferred Pickup Date required when on (default off). */
  autoApprove?: boolean;
  /** Billing Invoice # required unless explicitly off (default on). */
  billingInvoiceReq?: boolean;
  /** Licence type R/610 check unless explicitly off (default on). */
  useRCheck?: boolean;
  /** Same Day offered to every vendor when on. */
  hasSameDay?: boolean;
  isInternalDist?: boolean;
}

export interface OrderRuleContext {
  role: RoleNumber;
  now: Date;
  config: OrderSwitches;
  /** Was the destination licence found in the licence list? undefined = not looked up yet (no message). */
  destinationFound?: boolean;
  /** Was the originating licence found? false = the caller must give its address. */
  pickupFound?: boolean;
  /** The delivery days ('YYYY-MM-DD') of the destination zip's routes (routing /routes/find); undefined = unknown. */
  allowedDeliveryDays?: string[];
  /** The all-available mode (showAllRoutes): any day, NM- licences need not be listed. */
  allowAllRoutes?: boolean;
  /** The vendor's own sameDayPickup flag (Same Day offered even when hasSameDay is off). */
  sameDayPickup?: boolean;
  /** The stored order on update: date rules apply only to dates that are new or changed. */
  previous?: OrderCoreInput;
}

/** What validateOrder reads: data.order plus the licence copies and billing. */
export interface OrderRuleInput {
  order: OrderCoreInput;
  pickupCompany?: LicenceCopy;
  destCompany?: LicenceCopy;
  billing?: OrderBilling;
}

export type OrderErrors = Partial<Record<string, string>>;

/** 'YYYY-MM-DD' of an ISO date or date-time (UTC), '' when absent, 'invalid' when unparseable. */
export function dayOf(value: string | undefined | null): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? 'invalid' : new Date(t).toISOString().slice(0, 10);
}
const todayOf = (now: Date) => now.toISOString().slice(0, 10);
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const changed = (ctx: OrderRuleContext, key: keyof OrderCoreInput, value: unknown) =>
  !ctx.previous || dayOf(ctx.previous[key] as string) !== dayOf(value as string);

/** NM- licences may be unlisted in the all-available mode (orders §5). */
export const isNmLicence = (ln: string) => /^\s*NM-/i.test(ln);

/**
 * The licence type check (orders §5): the originating licence has an R and the destination has neither an R nor 610.
 * Licence numbers are compared upper-cased without spaces.
 */
export function licenceTypeMismatch(pickupLN: string, destinationLN: string): boolean {
  const p = pickupLN.replace(/\s+/g, '').toUpperCase();
  const d = destinationLN.replace(/\s+/g, '').toUpperCase();
  return p.includes('R') && !d.includes('R') && !d.includes('610');
}

/** Every rule of orders §5 for the order form: field → message ({} = valid). */
export function validateOrder(input: OrderRuleInput, ctx: OrderRuleContext): OrderErrors {
  const o = input.order;
  const e: OrderErrors = {};
  const staff = isStaff(ctx.role);
  const today = todayOf(ctx.now);
  if (blank(o.orderDef)) e.orderDef = M.required('Order Definition');
  if (blank(o.orderType)) e.orderType = M.required('Order Type');
  else if (o.orderType === 'sameDay' && !staff && ctx.role !== Role.Driver) {
    if (!ctx.config.hasSameDay && !ctx.sameDayPickup && changed(ctx, 'orderType', o.orderType))
      e.orderType = M.sameDayNotOffered;
  }
  if (blank(o.pickupLN)) e.pickupLN = M.required('License #');
  else if (ctx.pickupFound === false && blank(input.pickupCompany?.['Street Address']))
    e.pickupAddress = M.required('Originating License Address');
  const dest = o.destinationLN ?? '';
  if (blank(dest)) e.destinationLN = M.destinationRequired;
  else if (ctx.destinationFound === false && !staff && !(ctx.allowAllRoutes && isNmLicence(dest)))
    e.destinationLN = M.licenceNotFound;
  else if (ctx.destinationFound === false && blank(input.destCompany?.['Street Address']))
    e.destAddress = M.required('Destination address');
  // the all-available mode is staff's; a vendor may ask for it for an unlisted NM- destination only (orders §5)
  if (o.showAllRoutes && !staff && !isNmLicence(dest) && !ctx.previous?.showAllRoutes)
    e.showAllRoutes = M.allRoutesNmOnly;
  if (!e.destinationLN && !blank(o.pickupLN) && ctx.config.useRCheck !== false)
    if (licenceTypeMismatch(o.pickupLN!, dest)) e.destinationLN = M.licenceType;

  dateRules(o, ctx, today, e);

  if (ctx.role !== Role.Driver && ctx.config.billingInvoiceReq !== false && blank(input.billing?.invoice))
    e.billingInvoice = M.required('Billing Invoice #');
  const status = o.status ?? OrderStatus.received;
  if (status === OrderStatus.fullRejection || status === OrderStatus.partialRejection) {
    if (blank(o.rejected) || o.rejected === 0) e.rejected = M.rejectedRequired;
    else if (o.rejected === 8 && blank(o.rejectedText)) e.rejectedText = M.rejectedTextRequired;
  }
  if (status === OrderStatus.exception && blank(o.exception)) e.exception = M.exceptionRequired;
  return e;
}

function dateRules(o: OrderCoreInput, ctx: OrderRuleContext, today: string, e: OrderErrors): void {
  const delivery = dayOf(o.preferredDelivery);
  const pickup = dayOf(o.preferredPickup);
  if (!delivery) e.preferredDelivery = M.required('Preferred Delivery Date');
  else if (delivery === 'invalid') e.preferredDelivery = M.invalidDate;
  if (!pickup && ctx.config.autoApprove) e.preferredPickup = M.required('Preferred Pickup Date');
  else if (pickup === 'invalid') e.preferredPickup = M.invalidDate;
  const sameDay = o.orderType === 'sameDay';
  const deliveryNew = changed(ctx, 'preferredDelivery', o.preferredDelivery);
  if (!e.preferredDelivery && deliveryNew) {
    if (delivery < today) e.preferredDelivery = M.deliveryInPast;
    else if (sameDay && delivery === today && !isStaff(ctx.role)) e.preferredDelivery = M.sameDayToday;
    else if (!isStaff(ctx.role) && !deliveryDayAllowed(delivery, ctx)) e.preferredDelivery = M.dayNotAllowed;
  }
  if (pickup && !e.preferredPickup && changed(ctx, 'preferredPickup', o.preferredPickup)) {
    if (pickup < today) e.preferredPickup = M.pickupInPast;
    else if (sameDay && pickup === today && !isStaff(ctx.role)) e.preferredPickup = M.sameDayToday;
  }
  if (pickup && delivery && !e.preferredPickup && !e.preferredDelivery && pickup > delivery)
    e.preferredPickup = M.pickupAfterDelivery;
  const approvedPickup = dayOf(o.pickupDate);
  const approvedDelivery = dayOf(o.deliveryDate);
  if (approvedPickup === 'invalid') e.pickupDate = M.invalidDate;
  if (approvedDelivery === 'invalid') e.deliveryDate = M.invalidDate;
  if (
    approvedPickup &&
    approvedDelivery &&
    !e.pickupDate &&
    !e.deliveryDate &&
    approvedPickup > approvedDelivery
  )
    e.pickupDate = M.pickupAfterDelivery;
}

/** Non-admins deliver only on a day of a route serving the destination zip (unknown days or all-routes mode pass). */
export function deliveryDayAllowed(
  day: string,
  ctx: Pick<OrderRuleContext, 'allowedDeliveryDays' | 'allowAllRoutes'>,
): boolean {
  if (ctx.allowAllRoutes || !ctx.allowedDeliveryDays) return true;
  return ctx.allowedDeliveryDays.includes(day);
}

/** The days listed in the banner ("Please select one of the days listed: {days}"): weekday names of the route days. */
export function routeDaysText(days: string[]): string {
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const seen = new Set(days.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()));
  return [1, 2, 3, 4, 5, 6, 0]
    .filter((d) => seen.has(d))
    .map((d) => names[d])
    .join(', ');
}

/**
 * Staff are not refused a day outside the routes: they confirm (orders §5). The confirmations to ask before saving;
 * undefined days = unknown (no question).
 */
export function adminDayConfirmations(
  o: OrderCoreInput,
  days: { delivery?: string[]; pickup?: string[] },
): string[] {
  const asks: string[] = [];
  const delivery = dayOf(o.deliveryDate || o.preferredDelivery);
  const pickup = dayOf(o.pickupDate || o.preferredPickup);
  if (days.pickup && pickup && !days.pickup.includes(pickup))
    asks.push(M.adminPickupDayConfirm(routeDaysText(days.pickup)));
  if (days.delivery && delivery && !days.delivery.includes(delivery))
    asks.push(M.adminDeliveryDayConfirm(routeDaysText(days.delivery)));
  return asks;
}

/** The banners of the form for a set of errors (§5 gives the long forms of two field messages). */
export function orderBanners(errors: OrderErrors, allowedDeliveryDays?: string[]): string[] {
  const out: string[] = [];
  if (Object.keys(errors).length) out.push(M.fixErrors);
  if (errors.preferredDelivery === M.dayNotAllowed) {
    // never "listed:" followed by nothing: no known day says that no route serves the zip
    const days = routeDaysText(allowedDeliveryDays ?? []);
    out.push(days ? M.dayNotAllowedBanner(days) : M.noRouteDaysBanner);
  }
  if (errors.preferredPickup === M.pickupAfterDelivery) out.push(M.pickupAfterDeliveryBanner);
  return out;
}

/**
 * The type rules of orders §4, run when a field changes: an internal definition sets type sameDay and status
 * approved, external sets layover; sameDay gives pickup type regular and copies the preferred delivery to the
 * delivery date; layover, cash_return and cash_pickup give layoverpickup. Returns the changed fields only.
 */
export function applyTypeRules(
  o: OrderCoreInput,
  changedField: 'orderDef' | 'orderType' | 'preferredDelivery',
): OrderCoreInput {
  const out: OrderCoreInput = {};
  let type = o.orderType;
  if (changedField === 'orderDef') {
    if (o.orderDef === 'int') {
      type = 'sameDay';
      out.status = OrderStatus.approved;
    } else if (o.orderDef === 'ext') type = 'layover';
    if (type !== o.orderType) out.orderType = type;
  }
  if (changedField !== 'preferredDelivery' || type === 'sameDay') {
    if (type === 'sameDay') {
      out.pickupType = 'regular';
      if (o.preferredDelivery) out.deliveryDate = o.preferredDelivery;
    } else if (type === 'layover' || type === 'cash_return' || type === 'cash_pickup')
      out.pickupType = 'layoverpickup';
  }
  return out;
}

/** Billing method text (orders §5). */
export function billingMethodText(methodSelect: string | undefined, id: string | undefined): string {
  switch (methodSelect) {
    case 'cash':
      return `Cash ${id ?? ''}`.trim();
    case 'check':
      return `Check ${id ?? ''}`.trim();
    case 'net':
      return 'Net Terms';
    case 'samples':
      return 'Samples';
    default:
      return '';
  }
}
