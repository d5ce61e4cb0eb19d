/**
 * Chain of custody: the shapes the manifests, signing, labels, scan and Metrc parts share. An order's
 * `manifest` holds the current (unsigned) upload and the signed copies; every step is a ledger entry on the order
 * (action = a CustodyStep) and one `orders.order.custody.v1` event (its TypeBox schema, OrderCustodyData, is in
 * events-operations.ts: the browser entry carries no TypeBox). Files live in bucket `manifests` under
 * `orders/{order _id}/…` (domain/manifests/store.ts) and reach the browser only by short-lived pre-signed URLs after a tenancy check.
 */

/** The uploaded manifest PDF as stored (object key in bucket `manifests`; sha256 of the exact bytes). */
export interface ManifestFile {
  key: string;
  /** The uploader's file name (display only). */
  filename: string;
  sha256: string;
  bytes: number;
  pages: number;
  uploadedAt: string;
  uploadedBy: { userId: string; name: string };
  /** The licences printed on the manifest matched the order's (false: uploaded after the mismatch confirmation). */
  licencesMatch: boolean;
  /** The state track-and-trace manifest number read from the PDF or typed, when known. */
  manifestNo?: string;
}

/** One signed copy: the unsigned manifest's and the signature image's hashes tie it to what was signed. */
export interface SignedManifest {
  key: string;
  filename: string;
  sha256: string;
  unsignedSha256: string;
  signatureSha256: string;
  /** driver (in transit) or customer (receiver at delivery). */
  kind: 'driver' | 'customer';
  name: string;
  signedAt: string;
  signedBy: { userId: string; name: string };
  emails?: string[];
  tags?: string[];
}

/** `order.manifest` (orders §3: "manifest (file name and a signed list whose entries have a filename)"). */
export interface OrderManifest {
  /** The current manifest's file name (the spec's `manifest.file`). */
  file?: string;
  current?: ManifestFile;
  signed?: SignedManifest[];
}

/** The custody steps: each is a ledger `action` and an `orders.order.custody.v1` event `step`. */
export const CUSTODY_STEPS = [
  'manifest-uploaded',
  'manifest-signed',
  'labels-printed',
  'checked-in',
  'check-in-removed',
  'checked-out',
  'check-out-removed',
  'picked-up',
  'delivered',
  'gate-override',
  'metrc-synced',
] as const;
export type CustodyStep = (typeof CUSTODY_STEPS)[number];
