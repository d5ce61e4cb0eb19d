import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { problems } from '../schemas.js';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
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
      bodyLimit: 8 * 1024 * 1024, // 5 MB as base64 plus the envelope
      schema: {
        tags: ['utils'],
        body: Type.Object({
          file: Type.String({ minLength: 1 }),
          kind: Type.Optional(Type.Union([Type.Literal('logo'), Type.Literal('signature')])),
        }),
        response: {
          200: Type.Object({ data: Type.Object({ result: Type.String() }) }),
          ...problems(400, 401, 413),
        },
      },
    },
    async (request) => {
      const m = /^data:([\w.+-]+\/[\w.+-]+)(;[^,]*)?;base64,([A-Za-z0-9+/=\s]+)$/.exec(request.body.file);
      if (!m) throw new Problem(400, Messages.uploadType);
      const type = m[1]!.toLowerCase();
      const ext = TYPES[type];
      if (!ext) throw new Problem(400, Messages.uploadType);
      const bytes = Buffer.from(m[3]!, 'base64');
      if (bytes.length > MAX_BYTES) throw new Problem(400, Messages.uploadTooLarge);
      if (!bytes.length) throw new Problem(400, Messages.uploadType);
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
          key: Type.String({ pattern: '^[0-9a-f-]{36}\\.(png|jpg|gif|webp|svg|pdf)$' }),
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
