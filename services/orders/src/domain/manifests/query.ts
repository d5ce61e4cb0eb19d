import mongoose from 'mongoose';
import {
  MANIFEST_PAGE_SIZE,
  MANIFEST_RANGE_DAYS,
  Role,
  isStaff,
  type ManifestFile,
  type ManifestListQuery,
  type ManifestRow,
} from '@portal/contracts';
import { Order, type OrderDoc } from '../../models/order.js';
import { searchWords } from '../list-keys.js';
import type { Caller } from '../order-access.js';

type Filter = Record<string, unknown>;
const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The range asked, else the last 4 weeks through today (orders §9), as upload-time bounds [from, to + 1 day). */
export function rangeOf(q: Pick<ManifestListQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const to = q.to ?? dayOf(now);
  const from = q.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - MANIFEST_RANGE_DAYS * DAY));
  return { from, to };
}

/**
 * The orders with a manifest the caller may reach (the same tenancy as every order read: staff all; a company its
 * outgoing orders, or its incoming ones with `incoming`; a driver the orders naming them), uploaded in the range,
 * matching the search words; or exactly the `ids` asked among those the caller may reach. Pure.
 */
export function manifestFilter(c: Caller, q: ManifestListQuery, now: Date): Filter | null {
  const f: Filter = { 'manifest.current.key': { $exists: true }, deleted: 0 };
  if (c.role === Role.Driver) {
    if (!c.driverIds.length) return null;
    f.driverIds = { $in: c.driverIds };
  } else if (!isStaff(c.role)) {
    const keys = c.companyKeys.filter(Boolean);
    if (!keys.length) return null;
    f[q.incoming ? 'destKey' : 'pickupKey'] = { $in: keys };
  }
  const ids = (q.ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length) {
    const oids = ids.filter((i) => mongoose.isObjectIdOrHexString(i));
    f.$or = [{ orderId: { $in: ids } }, ...(oids.length ? [{ _id: { $in: oids } }] : [])];
    return f;
  }
  const r = rangeOf(q, now);
  const end = dayOf(new Date(Date.parse(`${r.to}T00:00:00Z`) + DAY));
  f['manifest.current.uploadedAt'] = { $gte: `${r.from}T00:00:00.000Z`, $lt: `${end}T00:00:00.000Z` };
  const words = searchWords(q.search ?? '');
  if (words.length) f.$and = words.map((w) => ({ searchTokens: { $regex: `^${w}` } }));
  return f;
}

/** The projection both the table and the zip need (never the ledger). */
export const ROW_FIELDS = {
  orderId: 1,
  deliveryDay: 1,
  status: 1,
  manifest: 1,
  'data.pickupCompany': 1,
  'data.destCompany': 1,
} as const;

export function toRow(o: OrderDoc): ManifestRow {
  const cur = o.manifest?.current as ManifestFile;
  const name = (x: unknown) => {
    const c = (x ?? {}) as Record<string, unknown>;
    return String(c.DBA || c.Licensee || c['License #'] || '');
  };
  return {
    id: String(o._id),
    orderId: o.orderId,
    deliveryDay: o.deliveryDay,
    vendor: name(o.data?.pickupCompany),
    destination: name(o.data?.destCompany),
    status: o.status,
    file: cur.filename,
    bytes: cur.bytes,
    pages: cur.pages,
    uploadedAt: cur.uploadedAt,
    signed: o.manifest?.signed?.length ?? 0,
  };
}

/** One page (250 rows) of the manifest download table, newest upload first, with the total and bytes of all. */
export async function listManifests(c: Caller, q: ManifestListQuery, now: Date = new Date()) {
  const page = q.page ?? 1;
  const f = manifestFilter(c, q, now);
  const empty = { rows: [], total: 0, page, pageSize: MANIFEST_PAGE_SIZE, bytes: 0 };
  if (!f) return empty;
  const [docs, sizes] = await Promise.all([
    Order.find(f)
      .select(ROW_FIELDS)
      .sort({ 'manifest.current.uploadedAt': -1, _id: -1 })
      .skip((page - 1) * MANIFEST_PAGE_SIZE)
      .limit(MANIFEST_PAGE_SIZE)
      .lean<OrderDoc[]>(),
    Order.find(f).select({ 'manifest.current.bytes': 1 }).lean<OrderDoc[]>(),
  ]);
  const bytes = sizes.reduce((s, o) => s + Number(o.manifest?.current?.bytes ?? 0), 0);
  return { ...empty, rows: docs.map(toRow), total: sizes.length, bytes };
}
