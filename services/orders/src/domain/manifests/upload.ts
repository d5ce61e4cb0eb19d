import { Deleted, ManifestMessages as MM, OrderMessages, type ManifestFile } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import type { OrderDoc } from '../../models/order.js';
import { writeCustodyStep } from '../custody-write.js';
import { assertActive, writableOrder, type Caller } from '../order-access.js';
import { missingLicences, readPdf } from './pdf-check.js';
import { manifestKey, putPdf, sha256, type StoreHolder } from './store.js';

export interface ManifestUpload {
  /** The order's database id or orderId. */
  order: string;
  filename: string;
  bytes: Uint8Array;
  /** Upload although the licences do not match (after the browser's overwrite confirmation). */
  force: boolean;
}

/** The licence numbers an order's manifest must show: pickup (originating) and destination. */
export function orderLicences(o: Pick<OrderDoc, 'data' | 'pickupKey' | 'destKey'>): string[] {
  const d = o.data?.order ?? {};
  return [String(d.pickupLN ?? o.pickupKey ?? ''), String(d.destinationLN ?? o.destKey ?? '')];
}

/** A safe display name: the base name, printable, ending in .pdf, at most 120 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\x20-\x7e]/g, '_').trim() || 'manifest.pdf';
  const pdf = /\.pdf$/i.test(base) ? base : `${base}.pdf`;
  return pdf.length > 120 ? pdf.slice(pdf.length - 120) : pdf;
}

/**
 * Uploads an order's manifest: tenancy and rights first (404 / 403), then the file (PDF, pages), then the
 * licences (409 'licenses do not match' unless forced). Nothing is stored or written before every check passed;
 * then the object (keyed by its hash, so a retried upload of the same bytes writes the same key) and ONE custody
 * step. The signed copies stay: each names the unsigned file it signed (unsignedSha256), so the chain stays provable.
 */
export async function uploadManifest(
  store: StoreHolder,
  c: Caller,
  up: ManifestUpload,
  now: Date = new Date(),
): Promise<OrderDoc> {
  assertActive(c);
  const prev = await writableOrder(c, up.order);
  if (prev.deleted === Deleted.deleted) throw new Problem(409, OrderMessages.orderDeleted);
  if (prev.deleted === Deleted.canceled) throw new Problem(409, OrderMessages.orderCancelled);
  if (!up.bytes.length) throw new Problem(400, MM.noFile);
  const { pages, text } = await readPdf(up.bytes);
  const missing = missingLicences(text, orderLicences(prev));
  if (missing.length && !up.force) throw new Problem(409, MM.mismatch(missing.join(' and ')));
  const sha = sha256(up.bytes);
  // the same file again (a retried or double-clicked upload): already the current manifest, nothing written twice
  if (prev.manifest?.current?.sha256 === sha) return prev;
  const key = manifestKey(String(prev._id), sha);
  await putPdf(store, key, up.bytes);
  const current: ManifestFile = {
    key,
    filename: displayName(up.filename),
    sha256: sha,
    bytes: up.bytes.length,
    pages,
    uploadedAt: now.toISOString(),
    uploadedBy: { userId: c.userId, name: c.name },
    licencesMatch: missing.length === 0,
  };
  const was = prev.manifest?.current;
  return writeCustodyStep(
    c,
    prev,
    {
      step: 'manifest-uploaded',
      set: {
        manifest: { ...prev.manifest, file: current.filename, current, signed: prev.manifest?.signed ?? [] },
      },
      changes: [
        {
          path: 'manifest.current',
          from: was ? `${was.filename} ${was.sha256}` : undefined,
          to: `${current.filename} ${sha}`,
        },
      ],
      detail: {
        sha256: sha,
        pages,
        bytes: current.bytes,
        licencesMatch: current.licencesMatch,
        forced: up.force && missing.length > 0,
      },
    },
    now,
  );
}
