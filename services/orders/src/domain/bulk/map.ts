import {
  ORDER_DEFS,
  ORDER_TYPES,
  type BillingMethod,
  type OrderBilling,
  type OrderCoreInput,
  type OrderType,
} from '@portal/contracts';
import { BULK_DATE_OFFSET_HOURS, headingOf, type BulkField } from './columns.js';
import type { CellValue, SheetRow } from './parse.js';

/** One row as an order's input: `data.order` and `data.billing` of POST /orders/create (contracts orders.ts). */
export interface BulkOrderInput {
  order: OrderCoreInput & { pickupLN: string; destinationLN: string; notes: string; weight: string };
  billing: OrderBilling & { invoice: string; method: string; methodSelectId: string; manifest: string };
}

export interface MappedRow {
  row: number;
  input: BulkOrderInput;
  /** Wrong types and unreadable cells, one message per cell. */
  errors: string[];
}

const HOUR = 3_600_000;
/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included), so serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
/** Dates before 2000 or after 2100 are a typo or a number in the wrong column, not an order date. */
const DATE_MIN = Date.UTC(2000, 0, 1);
const DATE_MAX = Date.UTC(2100, 0, 1);

/** A sheet date as an ISO string plus the 4 hours (orders §9), or null when the cell is not a date. */
export function sheetDate(v: CellValue): string | null {
  let ms: number;
  if (typeof v === 'number') ms = Math.round((v - EXCEL_EPOCH_DAYS) * 86_400_000);
  else {
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
    if (iso) ms = Date.UTC(+iso[1], +iso[2] - 1, +iso[3]);
    else if (us) ms = Date.UTC(us[3].length === 2 ? 2000 + +us[3] : +us[3], +us[1] - 1, +us[2]);
    else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(v)) ms = Date.parse(v);
    else return null;
    const d = new Date(ms);
    // 2/31/2026 rolls over to March in Date.UTC: refuse it rather than save another day
    if (iso && (d.getUTCMonth() !== +iso[2] - 1 || d.getUTCDate() !== +iso[3])) return null;
    if (us && (d.getUTCMonth() !== +us[1] - 1 || d.getUTCDate() !== +us[2])) return null;
  }
  if (!Number.isFinite(ms) || ms < DATE_MIN || ms > DATE_MAX) return null;
  return new Date(ms + BULK_DATE_OFFSET_HOURS * HOUR).toISOString();
}

const text = (v: CellValue | undefined) => (v === undefined ? '' : String(v));
const ORDER_TYPE_BY_NAME = new Map<string, OrderType>(
  Object.entries(ORDER_TYPES).flatMap(([k, label]) => [
    [k.toLowerCase(), k as OrderType],
    [label.toLowerCase(), k as OrderType],
  ]),
);
const ORDER_DEF_BY_NAME = new Map<string, 'int' | 'ext'>(
  Object.entries(ORDER_DEFS).flatMap(([k, label]) => [
    [k, k as 'int' | 'ext'],
    [label.toLowerCase(), k as 'int' | 'ext'],
  ]),
);

/** "Cash 1234", "check #77", "Net Terms", "samples" → the billing method the form would have made (orders §5). */
export function billingMethodOf(
  v: string,
): { method: string; methodSelect: BillingMethod; methodSelectId: string } | null {
  const m = /^(net(?: terms)?|samples|cash|check)\s*#?\s*(\S.*)?$/i.exec(v.trim());
  if (!m) return null;
  const kind = m[1].toLowerCase().startsWith('net')
    ? 'net'
    : (m[1].toLowerCase() as 'samples' | 'cash' | 'check');
  const id = (m[2] ?? '').trim();
  if ((kind === 'net' || kind === 'samples') && id) return null;
  const method =
    kind === 'net'
      ? 'Net Terms'
      : kind === 'samples'
        ? 'Samples'
        : `${kind === 'cash' ? 'Cash' : 'Check'} ${id}`.trim();
  return { method, methodSelect: kind, methodSelectId: id };
}

/** A row's cells as an order input, with one message per cell of the wrong type (nothing is guessed). */
export function mapRow(sheetRow: SheetRow): MappedRow {
  const c = sheetRow.cells;
  const errors = [...sheetRow.errors];
  const wrong = (f: BulkField, expected: string) =>
    errors.push(`${headingOf(f)} ${expected}: "${text(c[f])}"`);
  const input: BulkOrderInput = {
    order: {
      pickupLN: text(c.pickupLN),
      destinationLN: text(c.destinationLN),
      notes: text(c.notes),
      weight: '1',
    },
    billing: {
      invoice: text(c.billingInvoice),
      method: '',
      methodSelectId: '',
      manifest: text(c.manifest),
    },
  };
  const o = input.order;
  if (c.orderDef !== undefined) {
    const d = ORDER_DEF_BY_NAME.get(text(c.orderDef).toLowerCase());
    if (d) o.orderDef = d;
    else wrong('orderDef', 'must be Internal (int) or External (ext)');
  }
  if (c.orderType !== undefined) {
    const t = ORDER_TYPE_BY_NAME.get(text(c.orderType).toLowerCase());
    if (t) o.orderType = t;
    else wrong('orderType', `must be one of ${Object.keys(ORDER_TYPES).join(', ')}`);
  }
  for (const f of ['preferredDelivery', 'preferredPickup'] as const) {
    if (c[f] === undefined) continue;
    const iso = sheetDate(c[f]);
    if (iso) o[f] = iso;
    else wrong(f, 'is not a date (YYYY-MM-DD or M/D/YYYY)');
  }
  if (c.weight !== undefined) {
    const n = typeof c.weight === 'number' ? c.weight : /^\d+$/.test(c.weight) ? Number(c.weight) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= 100_000) o.weight = String(n);
    else wrong('weight', 'must be a whole number of boxes, 1 or more');
  }
  if (c.billingAmount !== undefined) {
    const raw = c.billingAmount;
    const n =
      typeof raw === 'number'
        ? raw
        : /^\$?\s*-?[\d,]*\.?\d+$/.test(raw)
          ? Number(raw.replace(/[$,\s]/g, ''))
          : NaN;
    if (Number.isFinite(n) && n >= 0) input.billing.amount = Math.round(n * 100) / 100;
    else wrong('billingAmount', 'must be an amount in US dollars');
  }
  if (c.billingMethod !== undefined) {
    const b = billingMethodOf(text(c.billingMethod));
    if (b) input.billing = { ...input.billing, ...b };
    else wrong('billingMethod', 'must be Net Terms, Check {number}, Cash {number} or Samples');
  }
  return { row: sheetRow.row, input, errors };
}
