import { ProblemSchema, Problem, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  MetrcMessages,
  MetrcSyncAnswerSchema,
  MetrcSyncBodySchema,
  MetrcSyncStartedSchema,
  STAFF_ROLES,
  type MetrcSyncBody,
} from '@portal/contracts';
import { Type } from 'typebox';
import { startSync, syncCallerOf, syncOf } from '../domain/metrc/start.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * Sync Manifests (orders §2, §6 "sync manifests": roles 0, 1; §7 `POST /metrc/syncall
 * {body}`). The sync runs as a job (jobs/metrc-sync.ts); its progress and per-order results are read back by id.
 */
export const metrcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/metrc/syncall',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['metrc'],
        body: MetrcSyncBodySchema,
        response: { 202: MetrcSyncStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await syncCallerOf(request.user);
      const jobId = await startSync(app, (request.body ?? {}) as MetrcSyncBody, caller);
      return reply.code(202).send({ message: MetrcMessages.hint, data: { jobId } });
    },
  );

  app.get(
    '/metrc/sync/:jobId',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['metrc'],
        params: Type.Object({
          jobId: Type.String({ pattern: '^[0-9a-f-]{36}$', errorMessage: 'jobId is not valid' }),
        }),
        response: { 200: MetrcSyncAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const view = await syncOf(request.params.jobId, request.user);
      if (!view) throw new Problem(404, MetrcMessages.noSuchSync);
      return { data: view };
    },
  );
};
