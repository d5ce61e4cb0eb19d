import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { Messages, UPLOAD_MAX_FILE_BYTES } from '@portal/contracts';
import { Problem, imageTooLarge } from '@portal/service-kit';
import type { FastifyInstance } from 'fastify';

type S3Client = FastifyInstance['s3'];

/**
 * What may be stored, by the file's own first bytes (file-type), never by the MIME type the data URL declares
 * (an HTML page declared as image/png used to be stored and served). SVG has no magic bytes and can carry
 * script, so it is not accepted.
 */
export const UPLOAD_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
export const UPLOAD_BUCKETS = { logo: 'logos', signature: 'uploads' } as const;

/**
 * An image is refused by the size its header declares before anything decodes it (labels and signed manifests
 * decode logos and signatures with pdf-lib; a browser decodes them too): a few-KB PNG can declare 30,000 × 30,000
 * pixels. Decided wording (the spec has none).
 */
export const imageTooLargeMessage = (why: string) =>
  `The image is too large to use: ${why}. Please upload a smaller image.`;

/** The bytes of a base64 data URL (`data:<declared>[;params];base64,<payload>`), or a 400. Pure. */
export function dataUrlBytes(file: string): Buffer {
  const comma = file.indexOf(',');
  const header = comma > 0 && comma <= 200 ? file.slice(0, comma) : '';
  const payload = file.slice(comma + 1);
  if (!/^data:[^,]*;base64$/.test(header) || !/^[A-Za-z0-9+/=\s]*$/.test(payload))
    throw new Problem(400, Messages.uploadType);
  return Buffer.from(payload, 'base64');
}

/** Stores an upload after checking its size and real type; answers the URL this service serves it from. */
export async function storeUpload(
  s3: S3Client,
  appUrl: string,
  file: string,
  kind: keyof typeof UPLOAD_BUCKETS,
) {
  const bytes = dataUrlBytes(file);
  if (bytes.length > UPLOAD_MAX_FILE_BYTES) throw new Problem(413, Messages.uploadTooLarge);
  const type = (bytes.length ? await fileTypeFromBuffer(bytes) : undefined)?.mime ?? '';
  const ext = UPLOAD_TYPES[type];
  if (!ext) throw new Problem(400, Messages.uploadType);
  const tooLarge = type.startsWith('image/') ? imageTooLarge(bytes) : null;
  if (tooLarge) throw new Problem(400, imageTooLargeMessage(tooLarge));
  const bucket = UPLOAD_BUCKETS[kind];
  const key = `${randomUUID()}.${ext}`;
  await s3.putObject(bucket, key, bytes, bytes.length, { 'Content-Type': type });
  return `${appUrl.replace(/\/$/, '')}/api/utils/file/${bucket}/${key}`;
}
