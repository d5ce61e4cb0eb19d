import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { attachment, type ObjectStore } from '@portal/service-kit';

/**
 * Where manifests live: bucket `manifests`, key `orders/{order _id}/manifest-{sha256 first 16}.pdf` for
 * the uploaded (unsigned) copy. Objects are only ever handed to a browser through a short-lived pre-signed URL
 * after the tenancy check (routes/manifests.ts), or streamed by the route itself.
 */
export const MANIFEST_BUCKET = 'manifests';

/** Either the Fastify app (with `objectStore`) or the object store itself. */
export type StoreHolder = { objectStore: ObjectStore } | ObjectStore;

function storeOf(h: StoreHolder): ObjectStore {
  return 'objectStore' in h ? h.objectStore : h;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The key of an order's uploaded manifest with these bytes' hash. */
export function manifestKey(orderDbId: string, sha: string): string {
  return `orders/${orderDbId}/manifest-${sha.slice(0, 16)}.pdf`;
}

/** Stores a PDF under `key` in the manifests bucket (content type application/pdf). */
export async function putPdf(h: StoreHolder, key: string, bytes: Uint8Array): Promise<void> {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  await storeOf(h).client.putObject(MANIFEST_BUCKET, key, buf, buf.length, {
    'Content-Type': 'application/pdf',
  });
}

/** A stored object's bytes as a stream (for zips and merges that must not hold everything at once). */
export async function manifestStream(h: StoreHolder, key: string): Promise<Readable> {
  return storeOf(h).client.getObject(MANIFEST_BUCKET, key);
}

/** A stored manifest's bytes (whole, in memory: one manifest at a time). */
export async function readManifest(h: StoreHolder, key: string): Promise<Buffer> {
  const stream = await manifestStream(h, key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The object's size in bytes, or undefined when it is missing. */
export async function manifestSize(h: StoreHolder, key: string): Promise<number | undefined> {
  try {
    return (await storeOf(h).client.statObject(MANIFEST_BUCKET, key)).size;
  } catch {
    return undefined;
  }
}

/**
 * A pre-signed GET of one stored manifest (seconds; default 5 minutes), always as an attachment of type
 * application/pdf under `filename`: an uploaded PDF may carry JavaScript (/OpenAction, /JS), so the object store
 * never hands it to a browser to render in a page (View Manifest renders the bytes the app fetched, as a blob).
 */
export function presignManifest(
  h: StoreHolder,
  key: string,
  filename: string,
  expires = 300,
): Promise<string> {
  return storeOf(h).presignedGet(key, {
    bucket: MANIFEST_BUCKET,
    expires,
    filename,
    contentType: 'application/pdf',
  });
}

/** The headers every user-uploaded file is answered with: a download, never a page of this origin. */
export const UPLOAD_HEADERS = (filename: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': attachment(filename),
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
});
