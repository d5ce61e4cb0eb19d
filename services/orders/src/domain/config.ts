import { CONFIG_SWITCH_DEFAULTS } from '@portal/contracts';
import { ReadCache } from '../models/read-cache.js';
import { OrderConfigValue } from '../models/order-config.js';

/**
 * The config switches orders' rules read (orders §5, §6 "Configured switches"), with the defaults orders applies
 * while accounts has not set a key. Where the spec names a default it is used ("required unless … is off" → on);
 * where it is silent the decision is in README "Read models".
 */
export interface OrderConfig {
  /** orders.autoApprove: Preferred Pickup Date required (orders §5). */
  autoApprove: boolean;
  /** orders.billingInvoiceReq: Billing Invoice # required unless off. */
  billingInvoiceReq: boolean;
  /** useRCheck: the R/610 licence type check unless off. */
  useRCheck: boolean;
  /** orders.hasSameDay: Same Day offered to every vendor. */
  hasSameDay: boolean;
  /** orders.isInternalDist: the Order Def filter and internal orders. */
  isInternalDist: boolean;
  /** alertNewOrders: the new-order mail. */
  alertNewOrders: boolean;
  /** rejectionEmails: the full / partial rejection mails. */
  rejectionEmails: boolean;
  /** exceptionEmails: the exception mail. */
  exceptionEmails: boolean;
  /** orders.editAddress: non-admins may edit the addresses. */
  editAddress: boolean;
  /** orders.showPickupDriver, orders.showVin, orders.internal.alwaysShow, orders.labelLogo. */
  showPickupDriver: boolean;
  showVin: boolean;
  internalAlwaysShow: boolean;
  labelLogo: string;
  /** orders.includeAddress, orders.includeDBA: the lists' Pickup/Destination with the street, names with the DBA. */
  includeAddress: boolean;
  includeDBA: boolean;
  /** sigs.show: drivers sign manifests. */
  sigsShow: boolean;
  /** orders.custodyGate.advisory: the custody gate records what is missing instead of refusing (custody-gate.ts). */
  custodyGateAdvisory: boolean;
}

/** Each switch: the accounts config key it is read from, and its default (contracts' one table for switches). */
const D = CONFIG_SWITCH_DEFAULTS;
export const ORDER_CONFIG_KEYS: { [K in keyof OrderConfig]: [key: string, def: OrderConfig[K]] } = {
  autoApprove: ['orders.autoApprove', D['orders.autoApprove']],
  billingInvoiceReq: ['orders.billingInvoiceReq', D['orders.billingInvoiceReq']],
  useRCheck: ['useRCheck', D.useRCheck],
  hasSameDay: ['orders.hasSameDay', D['orders.hasSameDay']],
  isInternalDist: ['orders.isInternalDist', D['orders.isInternalDist']],
  alertNewOrders: ['alertNewOrders', D.alertNewOrders],
  rejectionEmails: ['rejectionEmails', D.rejectionEmails],
  exceptionEmails: ['exceptionEmails', D.exceptionEmails],
  editAddress: ['orders.editAddress', D['orders.editAddress']],
  showPickupDriver: ['orders.showPickupDriver', D['orders.showPickupDriver']],
  showVin: ['orders.showVin', D['orders.showVin']],
  internalAlwaysShow: ['orders.internal.alwaysShow', D['orders.internal.alwaysShow']],
  labelLogo: ['orders.labelLogo', ''],
  includeAddress: ['orders.includeAddress', D['orders.includeAddress']],
  includeDBA: ['orders.includeDBA', D['orders.includeDBA']],
  sigsShow: ['sigs.show', D['sigs.show']],
  custodyGateAdvisory: ['orders.custodyGate.advisory', D['orders.custodyGate.advisory']],
};

/** The accounts config keys orders keeps (everything else in a config event is ignored). */
export const WATCHED_CONFIG_KEYS: string[] = [
  ...new Set(Object.values(ORDER_CONFIG_KEYS).map(([k]) => k)),
  // a nested `orders: {autoApprove: …}` object is read too (settings screens have written both forms)
  'orders',
];

/** A stored value as the switch's type: booleans accept 'true'/'false' strings (old settings screens wrote them). */
function coerce<T>(value: unknown, def: T): T {
  if (value === undefined || value === null) return def;
  if (typeof def === 'boolean') {
    if (typeof value === 'boolean') return value as T;
    if (value === 'true' || value === 1 || value === '1') return true as T;
    if (value === 'false' || value === 0 || value === '0' || value === '') return false as T;
    return def;
  }
  if (typeof def === 'string') return (typeof value === 'string' ? value : def) as T;
  return value as T;
}

/** The switches from a map of config values (pure: the same as orderConfig() over a given map). */
export function configFrom(values: Record<string, unknown>): OrderConfig {
  const nested = (values.orders ?? {}) as Record<string, unknown>;
  const out = {} as Record<string, unknown>;
  for (const [name, [key, def]] of Object.entries(ORDER_CONFIG_KEYS)) {
    const sub = key.startsWith('orders.') ? key.slice('orders.'.length) : undefined;
    const flat = values[key];
    const raw = flat !== undefined ? flat : sub !== undefined ? dig(nested, sub) : undefined;
    out[name] = coerce(raw, def);
  }
  return out as unknown as OrderConfig;
}

function dig(o: Record<string, unknown>, path: string): unknown {
  let cur: unknown = o;
  for (const p of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

const configCache = new ReadCache<{ key: string; value: unknown }[]>('orderconfigvalues');

/** The stored values (removed keys left out; a short-lived copy, models/read-cache.ts). */
export async function configValues(): Promise<Record<string, unknown>> {
  const docs = await configCache.get('', () =>
    OrderConfigValue.find({ removed: { $ne: true } }).lean<{ key: string; value: unknown }[]>(),
  );
  // `_feed.*` are the feed's own marks (readmodels/accounts-feed.ts), not config
  return Object.fromEntries(docs.filter((d) => !d.key.startsWith('_feed.')).map((d) => [d.key, d.value]));
}

/** The config switches as the read model knows them, defaults for the rest. A handful of small documents. */
export async function orderConfig(): Promise<OrderConfig> {
  return configFrom(await configValues());
}

// ---- the feed: accounts' config values into the read model ------------------------------------------------------

/**
 * Config values as of `at` (accounts.config.changed's values, or a snapshot's): only the keys orders reads
 * (WATCHED_CONFIG_KEYS); an older fact changes nothing. With `complete` (a snapshot), a watched key it lacks is
 * marked removed, so its default applies again.
 */
export async function applyConfigValues(
  values: Record<string, unknown>,
  at: Date,
  opts: { complete?: boolean } = {},
): Promise<void> {
  for (const key of WATCHED_CONFIG_KEYS) {
    const has = Object.prototype.hasOwnProperty.call(values, key);
    if (!has && !opts.complete) continue;
    const set = has ? { value: values[key], removed: false, asOf: at } : { removed: true, asOf: at };
    await OrderConfigValue.updateOne({ key, asOf: { $lte: at } }, { $set: set }, { upsert: true }).catch(
      (err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      },
    );
  }
}
