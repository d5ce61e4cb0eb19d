import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ProblemSchema, attachment, Problem, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  ALL_ROLES,
  MANIFEST_MAX_BODY_BYTES,
  MANIFEST_MAX_FILE_BYTES,
  ManifestListAnswerSchema,
  ManifestListQuerySchema,
  ManifestMessages as MM,
  ManifestUploadAnswerSchema,
  ManifestUrlAnswerSchema,
  MergeBodySchema,
  MergeCheckAnswerSchema,
  type ManifestListQuery,
  type MergeBody,
  OrderMessages,
  Role,
} from '@portal/contracts';
import { callerOf } from '../domain/order-access.js';
import { uploadManifest } from '../domain/manifests/upload.js';
import { closePdfReader, warmPdfReader } from '../domain/manifests/pdf-check.js';
import { manifestFile, manifestUrl } from '../domain/manifests/view.js';
import { listManifests } from '../domain/manifests/query.js';
import { manifestsOf, mergeManifests, zipManifests } from '../domain/manifests/bundle.js';

const tags = ['orders'];
const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
/** Upload: staff (orders §6 "upload manifests with overwrite confirmation") and the placing company (3, 4). */
const uploaders = { roles: [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User] };
const all = { roles: ALL_ROLES };
const tooLarge = () => new Problem(413, MM.tooLarge);

/** The multipart upload's fields (`order`, `force`, `currentWindow`) and its one file `pdf`; null: over the cap. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      if (!bytes) return null;
      file = { filename: part.filename, bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  return { fields, file };
}

/**
 * Part manifests (orders §7 `POST /orders/manifestupload`, `POST /orders/mergePdfs`; the manifest download
 * page). Routes parse, authorise and call domain/manifests; every order is reached through the tenancy check, and a
 * file leaves only as a 5-minute pre-signed URL or a stream of this service.
 */
export const manifestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MANIFEST_MAX_FILE_BYTES, files: 1, fields: 6, parts: 8, fieldSize: 4096 },
  });
  const caller = (r: FastifyRequest) => callerOf(r.user, r.headers.authorization);
  // the manifest reader's worker (pdf.js loaded in it) starts with the plugin and ends with the app
  void warmPdfReader().catch((err: unknown) => app.log.warn({ err }, 'the PDF reader did not start'));
  app.addHook('onClose', async () => closePdfReader());

  app.post(
    '/orders/manifestupload',
    {
      bodyLimit: MANIFEST_MAX_BODY_BYTES,
      config: uploaders,
      schema: {
        tags,
        response: {
          200: ManifestUploadAnswerSchema,
          ...errors,
          409: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
        },
      },
    },
    async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > MANIFEST_MAX_BODY_BYTES) throw tooLarge();
      if (!request.isMultipart()) throw new Problem(415, MM.noFile);
      const up = await readUpload(request);
      if (!up) throw tooLarge();
      if (!up.file || !up.fields.order) throw new Problem(400, MM.noFile);
      const o = await uploadManifest(app, await caller(request), {
        order: up.fields.order,
        filename: up.file.filename,
        bytes: up.file.bytes,
        force: up.fields.force === 'true',
      });
      const manifest = o.manifest!.current!;
      return {
        message: OrderMessages.manifestUploaded,
        data: { id: String(o._id), orderId: o.orderId, version: o.version, manifest },
      };
    },
  );

  app.get(
    '/orders/:id/manifest',
    {
      config: all,
      schema: {
        tags,
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({
          signed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
          redirect: Type.Optional(Type.Boolean()),
          download: Type.Optional(Type.Boolean()),
          /** The bytes themselves (View Manifest shows them from a blob), as an attachment with a sandbox CSP. */
          stream: Type.Optional(Type.Boolean()),
        }),
        response: { 200: ManifestUrlAnswerSchema, 302: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.stream) {
        const f = await manifestFile(app, await caller(request), request.params.id, request.query.signed);
        return reply.headers(f.headers).send(f.stream as never); // bytes: the answer schema is the URL's JSON
      }
      const data = await manifestUrl(app, await caller(request), request.params.id, {
        signed: request.query.signed,
        download: request.query.download,
      });
      reply.header('cache-control', 'no-store');
      return request.query.redirect ? reply.redirect(data.url, 302) : { data };
    },
  );

  app.post(
    '/orders/mergePdfs',
    {
      config: all,
      schema: { tags, body: MergeBodySchema, response: { 200: MergeCheckAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      const body = request.body as MergeBody; // checked by MergeBodySchema
      const { withManifest, missing } = await manifestsOf(await caller(request), body.ids);
      const ids = (os: typeof missing) => os.map((o) => o.orderId);
      if (body.check) return { data: { withManifest: ids(withManifest), missing: ids(missing) } };
      const pdf = await mergeManifests(app, withManifest);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment('manifests.pdf'))
        .header('x-missing-manifests', ids(missing).join(','))
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as never); // bytes: the answer schema is the check's JSON
    },
  );

  app.get(
    '/orders/manifests',
    {
      config: all,
      schema: {
        tags,
        querystring: ManifestListQuerySchema,
        response: { 200: ManifestListAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listManifests(await caller(request), request.query as ManifestListQuery),
    }),
  );

  app.get(
    '/orders/manifests.zip',
    { config: all, schema: { tags, querystring: ManifestListQuerySchema } },
    async (request, reply) => {
      const zip = await zipManifests(app, await caller(request), request.query as ManifestListQuery);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(`manifests-${day}.zip`))
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};
