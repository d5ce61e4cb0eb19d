import fp from 'fastify-plugin';
import type { Client } from 'minio';

export interface PresignGetOptions {
  /** Seconds the URL works (S3 allows up to 7 days). */
  expires: number;
  /** Offered as the download's file name. The URL is always a download (Content-Disposition: attachment). */
  filename?: string;
  /** The Content-Type the object store answers with (else the one stored with the object). */
  contentType?: string;
  /** Default: the service's bucket (S3_BUCKET, else `portal-<service>`). */
  bucket?: string;
}
export interface PresignPutOptions {
  expires: number;
  contentType: string;
  /** Upper bound of the body; S3 enforces it only on a POST policy, so with it the upload is a form POST. */
  maxBytes?: number;
  bucket?: string;
}
/** How the browser uploads: PUT the body with these headers, or POST a multipart form with these fields first. */
export type PresignedUpload =
  | { method: 'PUT'; url: string; headers: Record<string, string> }
  | { method: 'POST'; url: string; fields: Record<string, string> };

export interface ObjectStore {
  /** The minio client (S3 API) for everything the helpers do not cover. */
  client: Client;
  /** The service's default bucket. */
  bucket: string;
  /** Creates the bucket when missing (idempotent, safe with replicas). */
  ensureBucket(bucket?: string): Promise<void>;
  /**
   * A time-limited download URL of one object, optionally saved under `filename`. Always `attachment`: an object
   * (often a user's upload) is never rendered as a page from the object store's origin. The URL is on the store's
   * public address (S3_PUBLIC_URL: locally the portal's own edge), never the store's internal one. The caller checks
   * the tenancy before asking for one and keeps `expires` short (minutes) unless the link is mailed.
   */
  presignedGet(key: string, opts: PresignGetOptions): Promise<string>;
  /** A time-limited upload of one object of one content type (and at most maxBytes when given). */
  presignedPut(key: string, opts: PresignPutOptions): Promise<PresignedUpload>;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A URL signed for the store's own address as the browser must ask for it: the same path and query under
 * `publicBase` (the edge strips the base and forwards to the store with the host it was signed for, so the signature
 * still holds). Empty base: the URL as signed.
 */
export function publicUrl(signed: string, publicBase: string): string {
  if (!publicBase) return signed;
  const u = new URL(signed);
  return `${publicBase.replace(/\/+$/, '')}${u.pathname}${u.search}`;
}

export function createObjectStore(client: Client, defaultBucket: string, publicBase = ''): ObjectStore {
  return {
    client,
    bucket: defaultBucket,
    async ensureBucket(bucket = defaultBucket) {
      if (await client.bucketExists(bucket)) return;
      await client.makeBucket(bucket).catch(async (err: unknown) => {
        if (!(await client.bucketExists(bucket))) throw err; // made by a sibling meanwhile: fine
      });
    },
    presignedGet(key, opts) {
      const headers: Record<string, string> = {
        'response-content-disposition': opts.filename ? attachment(opts.filename) : 'attachment',
        ...(opts.contentType ? { 'response-content-type': opts.contentType } : {}),
      };
      return client
        .presignedGetObject(opts.bucket ?? defaultBucket, key, opts.expires, headers)
        .then((url) => publicUrl(url, publicBase));
    },
    async presignedPut(key, opts) {
      const bucket = opts.bucket ?? defaultBucket;
      if (opts.maxBytes === undefined) {
        const url = await client.presignedPutObject(bucket, key, opts.expires);
        return { method: 'PUT', url, headers: { 'content-type': opts.contentType } };
      }
      const policy = client.newPostPolicy();
      policy.setBucket(bucket);
      policy.setKey(key);
      policy.setExpires(new Date(Date.now() + opts.expires * 1000));
      policy.setContentType(opts.contentType);
      policy.setContentLengthRange(1, opts.maxBytes);
      const { postURL, formData } = await client.presignedPostPolicy(policy);
      return { method: 'POST', url: postURL, fields: formData as Record<string, string> };
    },
  };
}

/**
 * `app.objectStore` (and `app.s3`, the bare client, as before): MinIO/S3. A client holds no connection, so
 * nothing to close. Download URLs are signed for S3_ENDPOINT and handed out under S3_PUBLIC_URL (publicUrl).
 * Upload URLs (presignedPut) stay on S3_ENDPOINT: the edge forwards downloads only.
 */
export default fp(
  async (app) => {
    const {
      S3_ENDPOINT,
      S3_PORT,
      S3_ACCESS_KEY,
      S3_SECRET_KEY,
      S3_USE_SSL,
      S3_REGION,
      S3_BUCKET,
      S3_PUBLIC_URL,
    } = app.env;
    // loaded by the services that use the store only (its module alone is ~11 MB of an idle heap)
    const { Client } = await import('minio');
    const client = new Client({
      endPoint: S3_ENDPOINT,
      port: S3_PORT,
      useSSL: S3_USE_SSL,
      accessKey: S3_ACCESS_KEY,
      secretKey: S3_SECRET_KEY,
      pathStyle: true,
      // signing needs the region; set, it is not asked of the server before every URL
      region: S3_REGION,
    });
    app.decorate('s3', client);
    app.decorate(
      'objectStore',
      createObjectStore(client, S3_BUCKET || `portal-${app.serviceName}`, S3_PUBLIC_URL),
    );
  },
  { name: 's3' },
);
