import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  applyTypeRules,
  billingMethodText,
  isStaff,
  licencePickupDays,
  ORDER_TYPES,
  Role,
  validateOrder,
  zip5,
  type Order,
  type OrderCoreInput,
  type OrderErrors,
  type LicencePickupRoute,
  type OrderType,
  type RoleNumber,
} from '@portal/contracts';
import { usePortal, useQuery as useUrlQuery } from '@portal/ui';
import { destinationDaysKey, findDeliveryDays, getDestination } from '../api.js';
import { dayOf, EMPTY_DRAFT, fromOrder, type Draft } from './draft.js';
import { billingOf, companiesOf, coreOf } from './payload.js';
import { ownLicences, switchesOf, type Me } from './profile.js';

/** Fields whose change runs the §4 type rules (definition → type → pickup type, sameDay → delivery date). */
const TYPE_RULE_FIELDS = ['orderDef', 'orderType', 'preferredDelivery'] as const;

/** Maps the rules' answer (data.order fields) back onto the draft's controls. */
function mergeCore(d: Draft, c: OrderCoreInput): Draft {
  const out = { ...d };
  if (c.orderType !== undefined) out.orderType = c.orderType;
  if (c.status !== undefined) out.status = String(c.status);
  if (c.pickupType !== undefined) out.pickupType = c.pickupType;
  if (c.deliveryDate !== undefined) out.deliveryDate = dayOf(c.deliveryDate);
  return out;
}

export interface FormState {
  draft: Draft;
  /** The stored order's draft (an existing order), to diff against. */
  base: Draft | null;
  set: <K extends keyof Draft>(k: K, v: Draft[K]) => void;
  replace: (d: Draft) => void;
  /** After a save: the stored order becomes the base; edits made meanwhile stay in the draft. */
  rebase: (o: Order) => void;
  /** After a reload: the stored order replaces base and draft. */
  reset: (o: Order) => void;
  errors: OrderErrors;
  /** Errors to show now: the touched fields', all of them after a submit. */
  shown: OrderErrors;
  touch: (k: string) => void;
  showAll: () => void;
  /** The field messages of the service's 400 (its rules are the truth: the same words, maybe more fields). */
  serverErrors: (e: OrderErrors) => void;
  allowedDays: string[] | undefined;
  routesLoading: boolean;
  /** The originating licence's pickup routes (its record's pickupRoute; staff's question and route choices). */
  pickupEntries: LicencePickupRoute[];
  /** The pickup route's days in the pickup day's week (undefined: the licence lists none, nothing to confirm). */
  pickupDays: string[] | undefined;
  /** The destination's delivery days that ride an overnight route (the goods arrive the day after). */
  overnightDays: string[];
  methodText: string;
  role: RoleNumber;
  staff: boolean;
  driver: boolean;
  requirePickup: boolean;
  requireInvoice: boolean;
  /** Licences a vendor may send from; null for staff (any licence). */
  pickupChoices: string[] | null;
}

/**
 * The order form's state and its live rules: the draft, the §4 type rules on change and the §5 checks
 * (`validateOrder` from @portal/contracts, the service's own), with the destination zip's delivery days from orders
 * (GET /api/orders/destination: the days its own validation accepts).
 */
export function useOrderForm(me: Me, order: Order | null, destinationFound: boolean | undefined): FormState {
  const { api, config } = usePortal();
  const role = me.role as RoleNumber;
  const staff = isStaff(role);
  const driver = role === Role.Driver;
  const [stored, setStored] = useState<Draft | null>(() => (order ? fromOrder(order) : null));
  const url = useUrlQuery();
  const [draft, setDraft] = useState<Draft>(() => stored ?? withPreset(initialDraft(me), url));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [all, setAll] = useState(false);
  // The service's own field messages (a 400 names each field): shown until that field changes.
  const [server, setServer] = useState<OrderErrors>({});

  const zip = zip5(draft.destZip);
  const routes = useQuery({
    queryKey: destinationDaysKey(zip),
    queryFn: () => findDeliveryDays(api, zip),
    enabled: !!zip,
    staleTime: 5 * 60_000,
  });
  const allowedDays = zip && routes.data ? routes.data.days : undefined;
  const overnightDays = zip && routes.data ? (routes.data.overnightDays ?? []) : [];
  // staff confirm a pickup day off the originating licence's pickup route (orders §5): its record's entries
  const pickupLN = draft.pickupLN.trim();
  const pickupLicence = useQuery({
    queryKey: ['orders', 'destination', 'licence', pickupLN],
    queryFn: () => getDestination(api, { licence: pickupLN }),
    enabled: staff && !!pickupLN,
    staleTime: 5 * 60_000,
  });
  const pickupEntries = staff && pickupLN ? (pickupLicence.data?.pickupRoute ?? []) : [];
  const pickupDays = licencePickupDays(
    pickupEntries,
    draft.pickupDate || draft.preferredPickup,
    draft.pickupRoute || undefined,
  );
  const methodText = billingMethodText(draft.methodSelect, draft.methodSelectId);

  const switches = switchesOf(config);
  const errors = validateOrder(
    { order: coreOf(draft), ...companiesOf(draft), billing: billingOf(draft, methodText) },
    {
      role,
      now: new Date(),
      config: switches,
      destinationFound,
      // staff and drivers (a Cash Pickup at any licence, orders §6) pick from every licence; vendors their own
      pickupFound: staff || driver ? undefined : true,
      allowedDeliveryDays: allowedDays,
      allowAllRoutes: draft.showAllRoutes,
      sameDayPickup: me.sameDayPickup,
      previous: order ? order.data.order : undefined,
    },
  );
  const local = all ? errors : Object.fromEntries(Object.entries(errors).filter(([k]) => touched.has(k)));
  const shown = { ...server, ...local };

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    if (Object.keys(server).length) setServer({});
    setDraft((d) => {
      const next = { ...d, [k]: v };
      if (!(TYPE_RULE_FIELDS as readonly string[]).includes(k)) return next;
      return mergeCore(next, applyTypeRules(coreOf(next), k as (typeof TYPE_RULE_FIELDS)[number]));
    });
  };
  const pickupChoices = staff || driver ? null : ownLicences(me);
  return {
    draft,
    base: stored,
    set,
    replace: setDraft,
    rebase: (o) => setStored(fromOrder(o)),
    reset: (o) => {
      const d = fromOrder(o);
      setStored(d);
      setDraft(d);
    },
    errors,
    shown,
    touch: (k) => setTouched((t) => (t.has(k) ? t : new Set(t).add(k))),
    showAll: () => setAll(true),
    serverErrors: (e) => setServer(e),
    allowedDays,
    routesLoading: !!zip && routes.isPending,
    pickupEntries,
    pickupDays,
    overnightDays,
    methodText,
    role,
    staff,
    driver,
    pickupChoices,
    requirePickup: !!switches.autoApprove,
    requireInvoice: !driver && switches.billingInvoiceReq !== false,
  };
}

/**
 * A create link's presets (the schedule's "New order from this route", "Cash Return" and the driver's
 * "Cash Pickup"): `?orderType=&route=&date=` fill the order type (with its rules: pickup type), the route and the
 * delivery day of a NEW order; unknown values are ignored. Everything stays editable where the role may edit it.
 */
export function withPreset(d: Draft, q: URLSearchParams): Draft {
  const type = q.get('orderType') ?? '';
  const route = (q.get('route') ?? '').slice(0, 200);
  const day = q.get('date') ?? '';
  let next = { ...d };
  if (Object.prototype.hasOwnProperty.call(ORDER_TYPES, type)) {
    next.orderType = type as OrderType;
    if (type === 'cash_return' || type === 'cash_pickup') next.cashReturn = true;
    next = mergeCore(next, applyTypeRules(coreOf(next), 'orderType'));
  }
  if (route) next.route = route;
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) next.preferredDelivery = day;
  return next;
}

/** A new order: the vendor's own licence preselected (their address with it), status Received (§4 default). */
function initialDraft(me: Me): Draft {
  if (isStaff(me.role as RoleNumber) || me.role === Role.Driver) return { ...EMPTY_DRAFT };
  const c = me.company ?? {};
  const own = ownLicences(me);
  return {
    ...EMPTY_DRAFT,
    pickupLN: own[0] ?? '',
    pickupAddress: c['Street Address'] ?? '',
    pickupCity: c.City ?? '',
    pickupZip: c.Zip ?? '',
  };
}
