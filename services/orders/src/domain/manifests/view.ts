import { MANIFEST_URL_SECONDS, ManifestMessages as MM } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { readableOrder, type Caller } from '../order-access.js';
import { presignManifest, type StoreHolder } from './store.js';

/**
 * A short-lived (5 minutes) pre-signed URL of an order's current manifest, or of its signed copy number `signed`,
 * after the tenancy check: another company's order is "Order not found" whatever its key, so no URL of it is made.
 * Inline (View Manifest opens it in the browser); `download`: saved under its file name.
 */
export async function manifestUrl(
  store: StoreHolder,
  c: Caller,
  id: string,
  opts: { signed?: number; download?: boolean } = {},
  now = new Date(),
) {
  const { signed, download } = opts;
  const o = await readableOrder(c, id);
  const file = signed === undefined ? o.manifest?.current : o.manifest?.signed?.[signed];
  if (!file?.key) throw new Problem(404, signed === undefined ? MM.noManifest : MM.noSignedCopy);
  const url = await presignManifest(store, file.key, file.filename, MANIFEST_URL_SECONDS, download);
  return {
    url,
    filename: file.filename,
    expiresAt: new Date(now.getTime() + MANIFEST_URL_SECONDS * 1000).toISOString(),
    sha256: file.sha256,
  };
}
