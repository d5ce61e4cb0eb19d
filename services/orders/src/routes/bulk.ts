import multipart from '@fastify/multipart';
import { ProblemSchema, Problem, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, isStaff, isVendor } from '@portal/contracts';
import { Type } from 'typebox';
import { BULK_MAX_BODY_BYTES, BULK_MAX_FILE_BYTES } from '../domain/bulk/columns.js';
import { BulkFileError, spreadsheetMessage } from '../domain/bulk/errors.js';
import { bulkCallerOf, bulkJobOf, uploadBulk } from '../domain/bulk/upload.js';
import { checkPort, routingUrlOf, writePort } from '../domain/bulk/ports.js';
import { BulkAnswer, BulkJobAnswer, BulkRefused } from '../schemas/bulk.js';

const UPLOADERS = ALL_ROLES.filter((r) => isStaff(r) || isVendor(r));
const MB = BULK_MAX_FILE_BYTES / 1024 / 1024;
export const TOO_LARGE = spreadsheetMessage(`the file is larger than ${MB} MB; split it into smaller files`);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Bulk upload (orders §5 "Bulk upload", §7): POST /orders/bulk (multipart, field `file`; `?mode=goodRows` saves
 * the good rows of a file with bad ones), GET /orders/bulk/:jobId (a large file's progress and result), GET
 * /orders/template.xlsx ("Download Template"). Staff and vendors; drivers are refused (§6: no new orders).
 */
export const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // multipart for this plugin's routes only; one file, capped while streaming (the edge caps the body too)
  await app.register(multipart, {
    limits: { fileSize: BULK_MAX_FILE_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/orders/bulk',
    {
      bodyLimit: BULK_MAX_BODY_BYTES,
      config: { roles: UPLOADERS },
      schema: {
        tags: ['orders'],
        querystring: Type.Object({
          mode: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('goodRows')])),
        }),
        response: {
          200: BulkAnswer,
          202: BulkAnswer,
          400: BulkRefused,
          401: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      if (Number(request.headers['content-length'] ?? 0) > BULK_MAX_BODY_BYTES)
        throw new Problem(413, TOO_LARGE);
      const part = await request.file().catch(() => undefined);
      if (!part) throw new BulkFileError('choose a csv, xlsx or xls file to upload');
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      if (!bytes) throw new Problem(413, TOO_LARGE);
      const caller = await bulkCallerOf(request.user);
      const goodRows = request.query.mode === 'goodRows';
      const ports = {
        ...checkPort(request.headers.authorization, routingUrlOf(app.env)),
        ...writePort(app.env.APP_URL),
      };
      const { result, refused } = await uploadBulk(
        app,
        { filename: part.filename, bytes, goodRows },
        caller,
        ports,
      );
      if (result.jobId) return reply.code(202).send({ data: result });
      if (refused) {
        const detail = spreadsheetMessage(
          `${result.errors.length} of ${result.total} rows have errors; no order was saved`,
        );
        throw new Problem(400, detail, { data: result });
      }
      return { data: result };
    },
  );

  app.get(
    '/orders/bulk/:jobId',
    {
      config: { roles: UPLOADERS },
      schema: {
        tags: ['orders'],
        params: Type.Object({
          jobId: Type.String({ pattern: '^[0-9a-f-]{36}$', errorMessage: 'jobId is not valid' }),
        }),
        response: {
          200: BulkJobAnswer,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const job = await bulkJobOf(request.params.jobId, request.user);
      if (!job) throw new Problem(404, 'No such upload');
      return { data: job };
    },
  );

  app.get(
    '/orders/template.xlsx',
    { config: { public: true }, schema: { tags: ['orders'] } },
    async (_request, reply) => {
      // SheetJS loads with the first download, not with the service
      const { templateWorkbook } = await import('../domain/bulk/template.js');
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="Template.xlsx"')
        .header('cache-control', 'public, max-age=3600')
        .send(templateWorkbook());
    },
  );
};
