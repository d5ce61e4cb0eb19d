import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, UPLOAD_BODY_LIMIT_BYTES } from '@portal/contracts';
import { Problem, attachment } from '@portal/service-kit';
import { problems } from '../schemas.js';
import { storeUpload } from '../domain/uploads.js';

/** Types a browser only ever decodes as pictures (shown inline by <img>; everything else is a download). */
const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * POST /utils/uploadfile {file: dataURL, kind} → {data: {result: url}}; the URL is this service's
 * GET /api/utils/file/:bucket/:key (public, like the spec's public buckets), which streams the object through the edge.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/utils/uploadfile',
    {
      config: { allowUnverified: true }, // the profile's own logo and signature
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
    async (request) => ({
      data: {
        result: await storeUpload(app.s3, app.env.APP_URL, request.body.file, request.body.kind ?? 'logo'),
      },
    }),
  );

  app.get(
    '/utils/file/:bucket/:key',
    {
      config: { public: true },
      schema: {
        tags: ['utils'],
        params: Type.Object({
          bucket: Type.Union([Type.Literal('logos'), Type.Literal('uploads')]),
          // svg: files stored before uploads were checked by content stay readable
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
          // A user's file never runs script in the portal's origin: a sandbox CSP on every one, no type sniffing,
          // and anything but a raster image (a PDF may carry JavaScript; an old SVG may hold script) as a download
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', RASTER.has(type) ? `inline; filename="${key}"` : attachment(key));
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
