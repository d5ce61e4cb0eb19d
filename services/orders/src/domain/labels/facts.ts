import {
  Deleted,
  LABEL,
  defaultLabelCount,
  LABEL_ALLOWED_STATUS,
  LabelMessages,
  ORDER_STATUS_NAMES,
  labelAllowed,
  type OrderStatusNumber,
} from '@portal/contracts';
import type { OrderDoc } from '../../models/order.js';

/** What one order's labels show (orders §2 Labels): everything but the "x of y", which is per page. */
export interface LabelFacts {
  orderId: string;
  vendor: string;
  shipTo: { name: string; street: string; cityZip: string; licence: string };
  route: string;
  /** The approved delivery date as MM/DD/YYYY (UTC day: the form sends noon), or '' when not set yet. */
  deliveryDate: string;
  /** `{APP_URL}/order/{orderId}`: what the QR code encodes. */
  url: string;
}

type Company = Partial<Record<'Licensee' | 'DBA' | 'License #' | 'Street Address' | 'City' | 'Zip', string>>;

const nameOf = (c: Company | undefined) => (c?.DBA || c?.Licensee || '').trim();

/** An ISO date (or YYYY-MM-DD) as MM/DD/YYYY of its UTC day; '' when absent or unreadable. */
export function usDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** The order URL the QR encodes (the order id is the one people read off the label). */
export const orderUrl = (appUrl: string, orderId: string) =>
  `${appUrl.replace(/\/+$/, '')}/order/${encodeURIComponent(orderId)}`;

export function labelFacts(
  o: Pick<OrderDoc, 'orderId' | 'data' | 'deliveryDate'>,
  appUrl: string,
): LabelFacts {
  const od = o.data.order;
  const dest = o.data.destCompany as Company | undefined;
  const pick = o.data.pickupCompany as Company | undefined;
  return {
    orderId: o.orderId,
    vendor: nameOf(pick) || od.pickupLN || '',
    shipTo: {
      name: nameOf(dest) || od.destinationLN || '',
      street: (dest?.['Street Address'] ?? '').trim(),
      cityZip: [dest?.City, dest?.Zip].filter(Boolean).join(' ').trim(),
      licence: (dest?.['License #'] || od.destinationLN || '').trim(),
    },
    route: (od.route ?? '').trim(),
    deliveryDate: usDate(od.deliveryDate || o.deliveryDate || undefined),
    url: orderUrl(appUrl, o.orderId),
  };
}

/** Why a label may not print (orders §4), or null: the status excludes it, or the order is deleted/cancelled. */
export function labelRefusal(
  o: Pick<OrderDoc, 'deleted' | 'data'>,
): { detail: string; currentStatus: string; allowedStatus: string } | null {
  const status = o.data.order.status as OrderStatusNumber;
  const deleted = (o.deleted ?? Deleted.no) !== Deleted.no;
  if (labelAllowed(status) && !deleted) return null;
  const name = ORDER_STATUS_NAMES[status] ?? String(status);
  const current = deleted && o.deleted === Deleted.deleted ? `${name} (deleted)` : name;
  return {
    detail: LabelMessages.refused(current),
    currentStatus: current,
    allowedStatus: LABEL_ALLOWED_STATUS,
  };
}

/** The number of labels: the asked count, else the box count (weight); an integer from 1 to the cap, else null. */
export function labelCount(asked: number | undefined, weight: string | undefined): number | null {
  const n = asked ?? defaultLabelCount(weight);
  return Number.isInteger(n) && n >= 1 && n <= LABEL.maxCount ? n : null;
}
