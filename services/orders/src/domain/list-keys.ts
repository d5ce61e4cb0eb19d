import { licenceKey } from '@portal/contracts';

/**
 * The top-level list keys of an order: computed from the order on every write (A's
 * saves call `listKeysOf` and store the result beside the document), because FerretDB pushes down only top-level
 * equality (docs/DATA.md rules 1 and 3): every list narrows by one of these, never by a dotted path or a regex over
 * every order. Pure: no database, no clock (an order without dates falls back to its createdAt).
 */

export { licenceKey };

/** The fields of an order the keys are computed from (a structural subset of the order document). */
export interface ListKeySource {
  orderId?: string;
  createdAt?: Date | string;
  deliveryDate?: Date | string | null;
  manifest?: unknown;
  data?: {
    order?: {
      orderDef?: string;
      status?: number | string;
      pickupLN?: string;
      destinationLN?: string;
      preferredDelivery?: Date | string | null;
      deliveryDate?: Date | string | null;
      driver?: { pickup?: string | null; delivery?: string | null } | null;
    };
    pickupCompany?: CompanyCopy | null;
    destCompany?: CompanyCopy | null;
    billing?: { manifest?: string | null } | null;
  };
}
interface CompanyCopy {
  Licensee?: string;
  DBA?: string;
  City?: string;
  Zip?: string | number;
  'License #'?: string;
}

export interface ListKeys {
  pickupKey: string;
  destKey: string;
  companyKeys: string[];
  status: number;
  deliveryDay: string;
  deliveryWeek: string;
  createdMonth: string;
  driverIds: string[];
  orderDef: 'int' | 'ext';
  searchTokens: string[];
}

export const MAX_SEARCH_TOKENS = 64;
const MIN_TOKEN = 2;
const MAX_TOKEN = 40;

/** A valid Date from a Date, an ISO string or a millisecond number; undefined for anything else. */
function dateOf(v: unknown): Date | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = v instanceof Date ? v : new Date(v as string);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** 'YYYY-MM-DD' of a date in UTC. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** The Monday ('YYYY-MM-DD', UTC) of the week a day ('YYYY-MM-DD') falls in: weeks start on Monday (spec §9). */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return dayOf(d);
}

/**
 * The tokens of one piece of text: lower case, accents dropped; each word both compacted (punctuation removed:
 * "G-104233" → "g104233") and split at punctuation ("g", "104233"); tokens shorter than 2 characters dropped.
 * The search box's words are compacted the same way (`searchWords`), so either spelling finds the order.
 */
export function tokensOf(text: unknown): string[] {
  if (text === null || text === undefined) return [];
  const plain = String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const out: string[] = [];
  for (const word of plain.split(/\s+/)) {
    const compact = word.replace(/[^a-z0-9]/g, '');
    if (compact) out.push(compact);
    const parts = word.split(/[^a-z0-9]+/).filter(Boolean);
    if (parts.length > 1) out.push(...parts);
  }
  return out.filter((t) => t.length >= MIN_TOKEN).map((t) => t.slice(0, MAX_TOKEN));
}

/** The search box's words as the prefixes to match against `searchTokens` (compacted like tokensOf's words). */
export function searchWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9]/g, '').slice(0, MAX_TOKEN))
    .filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/** The manifest's number (the billing manifest, else the uploaded manifest's), as the list's column shows it. */
const manifestNo = (o: ListKeySource): unknown => {
  const m = o.manifest as { current?: { manifestNo?: unknown } } | string | undefined;
  return o.data?.billing?.manifest || (typeof m === 'string' ? m : m?.current?.manifestNo);
};

/** The order's search tokens, most specific first (order ID, licences), deduplicated, at most 64. */
function searchTokensOf(o: ListKeySource, pickupKey: string, destKey: string): string[] {
  const p = o.data?.pickupCompany ?? {};
  const d = o.data?.destCompany ?? {};
  const sources = [
    o.orderId,
    pickupKey,
    destKey,
    manifestNo(o),
    p.Licensee,
    p.DBA,
    d.Licensee,
    d.DBA,
    p.City,
    d.City,
    p.Zip,
    d.Zip,
  ];
  return [...new Set(sources.flatMap(tokensOf))].slice(0, MAX_SEARCH_TOKENS);
}

/** The top-level list keys of an order; every key is always present ('' or [] when the order has no value). */
export function listKeysOf(order: ListKeySource): ListKeys {
  const o = order.data?.order ?? {};
  const pickupKey = licenceKey(o.pickupLN ?? order.data?.pickupCompany?.['License #'] ?? '');
  const destKey = licenceKey(o.destinationLN ?? order.data?.destCompany?.['License #'] ?? '');
  const created = dateOf(order.createdAt) ?? new Date(0);
  const delivery =
    dateOf(o.deliveryDate) ?? dateOf(order.deliveryDate) ?? dateOf(o.preferredDelivery) ?? created;
  const deliveryDay = dayOf(delivery);
  const status = Number(o.status ?? 0);
  return {
    pickupKey,
    destKey,
    companyKeys: [pickupKey, destKey],
    status: Number.isInteger(status) ? status : 0,
    deliveryDay,
    deliveryWeek: weekOf(deliveryDay),
    createdMonth: dayOf(created).slice(0, 7),
    driverIds: [String(o.driver?.pickup ?? ''), String(o.driver?.delivery ?? '')],
    orderDef: o.orderDef === 'int' ? 'int' : 'ext',
    searchTokens: searchTokensOf(order, pickupKey, destKey),
  };
}
