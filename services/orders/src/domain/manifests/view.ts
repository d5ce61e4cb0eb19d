import { MANIFEST_URL_SECONDS, ManifestMessages as MM } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { readableOrder, type Caller } from '../order-access.js';
import { manifestStream, presignManifest, UPLOAD_HEADERS, type StoreHolder } from './store.js';

/**
 * A short-lived (5 minutes) pre-signed URL of an order's current manifest, or of its signed copy number `signed`,
 * after the tenancy check: another company's order is "Order not found" whatever its key, so no URL of it is made.
 * Always an attachment (`download` is accepted for older callers and changes nothing): View Manifest fetches the
 * bytes through `manifestFile` and shows them from a blob.
 */
export async function manifestUrl(
  store: StoreHolder,
  c: Caller,
  id: string,
  opts: { signed?: number; download?: boolean } = {},
  now = new Date(),
) {
  const file = await fileOf(c, id, opts.signed);
  const url = await presignManifest(store, file.key, file.filename, MANIFEST_URL_SECONDS);
  return {
    url,
    filename: file.filename,
    expiresAt: new Date(now.getTime() + MANIFEST_URL_SECONDS * 1000).toISOString(),
    sha256: file.sha256,
  };
}

/** The current manifest (or signed copy `signed`) of an order the caller may read, else 404 in words. */
async function fileOf(c: Caller, id: string, signed: number | undefined) {
  const o = await readableOrder(c, id);
  const file = signed === undefined ? o.manifest?.current : o.manifest?.signed?.[signed];
  if (!file?.key) throw new Problem(404, signed === undefined ? MM.noManifest : MM.noSignedCopy);
  return file;
}

/**
 * The manifest's bytes streamed by this service (View Manifest: the app shows them from a blob), after the same
 * tenancy check, with the headers of every upload (attachment, a sandbox CSP, nosniff: see UPLOAD_HEADERS).
 */
export async function manifestFile(store: StoreHolder, c: Caller, id: string, signed?: number) {
  const file = await fileOf(c, id, signed);
  return {
    headers: { ...UPLOAD_HEADERS(file.filename), 'x-manifest-sha256': file.sha256 },
    stream: await manifestStream(store, file.key),
  };
}
