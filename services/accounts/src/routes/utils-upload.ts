import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { fileTypeFromBuffer } from 'file-type';
import { Messages, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_MAX_FILE_BYTES } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { problems } from '../schemas.js';

/**
 * What may be stored, by the file's own first bytes (file-type), never by the MIME type the data URL declares
 * (issue 8: an HTML page declared as image/png used to be stored and served). SVG has no magic bytes and can carry
 * script, so it is not accepted.
 */
const TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
const BUCKETS = { logo: 'logos', signature: 'uploads' } as const;

/**
 * POST /utils/uploadfile {file: dataURL, kind} → {data: {result: url}}; the URL is this service's
 * GET /api/utils/file/:bucket/:key (public, like the spec's public buckets), which streams the object through the edge.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/utils/uploadfile',
    {
      // The same number as the edge's client_max_body_size for this path (contracts edge-limits.json): the edge
      // answers a larger body itself with a 413 problem, instead of a 502 when this route cut it off mid-upload.
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
      errorHandler: (error) => {
        // rethrown errors reach the kit's problem handler (problem+json)
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new Problem(413, Messages.uploadTooLarge);
        throw error;
      },
      schema: {
        tags: ['utils'],
        body: Type.Object({
          file: Type.String({ minLength: 1, maxLength: UPLOAD_BODY_LIMIT_BYTES }),
          kind: Type.Optional(Type.Union([Type.Literal('logo'), Type.Literal('signature')])),
        }),
        response: {
          200: Type.Object({ data: Type.Object({ result: Type.String() }) }),
          ...problems(400, 401, 413),
        },
      },
    },
    async (request) => {
      // data:<declared type>[;params];base64,<payload>: the header is short, the payload only base64 characters.
      const file = request.body.file;
      const comma = file.indexOf(',');
      const header = comma > 0 && comma <= 200 ? file.slice(0, comma) : '';
      const payload = file.slice(comma + 1);
      if (!/^data:[^,]*;base64$/.test(header) || !/^[A-Za-z0-9+/=\s]*$/.test(payload))
        throw new Problem(400, Messages.uploadType);
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length > UPLOAD_MAX_FILE_BYTES) throw new Problem(413, Messages.uploadTooLarge);
      const detected = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
      const type = detected?.mime ?? '';
      const ext = TYPES[type];
      if (!ext) throw new Problem(400, Messages.uploadType);
      const bucket = BUCKETS[request.body.kind ?? 'logo'];
      const key = `${randomUUID()}.${ext}`;
      await app.s3.putObject(bucket, key, bytes, bytes.length, { 'Content-Type': type });
      return { data: { result: `${app.env.APP_URL.replace(/\/$/, '')}/api/utils/file/${bucket}/${key}` } };
    },
  );

  app.get(
    '/utils/file/:bucket/:key',
    {
      config: { public: true },
      schema: {
        tags: ['utils'],
        params: Type.Object({
          bucket: Type.Union([Type.Literal('logos'), Type.Literal('uploads')]),
          // svg: files stored before issue 8 stay readable
          key: Type.String({ maxLength: 40, pattern: '^[0-9a-f-]{36}\\.(png|jpg|gif|webp|svg|pdf)$' }),
        }),
        response: problems(400, 404),
      },
    },
    async (request, reply) => {
      const { bucket, key } = request.params;
      try {
        const stat = await app.s3.statObject(bucket, key);
        const stream = await app.s3.getObject(bucket, key);
        const type = String(stat.metaData?.['content-type'] ?? 'application/octet-stream');
        reply
          .header('content-type', type)
          .header('content-length', stat.size)
          .header('cache-control', 'public, max-age=86400')
          // An uploaded SVG must not run script in the portal's origin.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        return reply.send(stream as never);
      } catch (e) {
        if ((e as { code?: string }).code === 'NotFound' || (e as { code?: string }).code === 'NoSuchKey') {
          throw new Problem(404, Messages.notFound);
        }
        throw e;
      }
    },
  );
};
