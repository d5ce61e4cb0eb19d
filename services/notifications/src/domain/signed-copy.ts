import type { ManifestSignedDetail, OrderCustodyData, SignedManifest } from '@portal/contracts';
import type { Mail } from '@portal/service-kit';
import { escapeHtml } from '../templates/escape.js';
import { htmlFrame } from '../templates/layout.js';

/**
 * The signed copy of a manifest by mail ("the signed copy is emailed when asked").
 * orders' custody event for step 'manifest-signed' names the signed PDF (object key in the `manifests` bucket, its
 * SHA-256) and who gets it (a comma list: the signer's addresses plus the vendor's users when notify); each address
 * becomes one small job (no file bytes in Redis); the worker reads the PDF at send time, checks its hash and attaches
 * it (jobs/signed-copy.ts). Pure.
 */
export const SIGNED_COPY_QUEUE = 'signed-copy';
export const MANIFEST_BUCKET = 'manifests';

/** The signed manifest's facts as contracts' `SignedManifest` names them, plus where to send and who signed. */
export type SignedCopyJob = Pick<
  SignedManifest,
  'key' | 'filename' | 'sha256' | 'unsignedSha256' | 'signatureSha256' | 'kind' | 'name' | 'signedAt'
> & {
  to: string;
  orderDbId: string;
  orderId: string;
  /** The signer's name (SignedManifest.signedBy.name). */
  signedBy: string;
};

const KIND = { driver: 'the driver', customer: 'the receiver' } as const;

/** One job per address of a 'manifest-signed' event (other steps, or no address: none); ids from the event id. */
/** The fields read of the event (its `step` read as a string: the catalogue's union type is widened here). */
export interface CustodyEventIn {
  id: string;
  data: Omit<OrderCustodyData, 'step'> & { step: string };
}

export function signedCopyJobs(event: CustodyEventIn): { jobId: string; job: SignedCopyJob }[] {
  const d = event.data;
  if (d.step !== 'manifest-signed' || !d.detail) return [];
  const detail = d.detail as unknown as ManifestSignedDetail;
  const to = [
    ...new Set(
      String(detail.emails ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!to.length || !detail.key) return [];
  return to.map((address, i) => ({
    jobId: `signed-copy-${event.id}-${i}`,
    job: {
      to: address,
      orderDbId: d.id,
      orderId: d.orderId,
      key: String(detail.key),
      filename: String(detail.filename || `${d.orderId}-manifest-signed.pdf`),
      sha256: String(detail.sha256),
      unsignedSha256: String(detail.unsignedSha256),
      signatureSha256: String(detail.signatureSha256),
      kind: detail.kind === 'driver' ? 'driver' : 'customer',
      name: String(detail.name ?? ''),
      signedAt: d.at,
      signedBy: d.by.name,
    },
  }));
}

export const signedCopySubject = (orderId: string) => `Signed manifest for order ${orderId}`;

/** The mail around the attachment: who signed as what and when, the file and the hashes an inspector checks. */
export function signedCopyMail(j: SignedCopyJob, appUrl: string): Mail {
  const when = `${j.signedAt.replace('T', ' ').slice(0, 16)} UTC`;
  const link = `${appUrl.replace(/\/+$/, '')}/order/${j.orderDbId}`;
  const lines = [
    `The manifest of order ${j.orderId} was signed by ${KIND[j.kind]}: ${j.name}, ${when} (account: ${j.signedBy}).`,
    `The signed copy is attached: ${j.filename}`,
    `SHA-256 of the signed copy: ${j.sha256}`,
    `SHA-256 of the unsigned manifest: ${j.unsignedSha256}`,
    `SHA-256 of the signature: ${j.signatureSha256}`,
    `Open the order: ${link}`,
  ];
  const html = htmlFrame(
    lines
      .map((l) => `  <p>${escapeHtml(l)}</p>`)
      .join('\n')
      .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
  );
  return { subject: signedCopySubject(j.orderId), html, text: lines.join('\n') };
}
