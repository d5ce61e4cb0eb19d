import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { Messages } from '@portal/contracts';
import { Problem, problemBody } from '../../problem.js';
import { isBackendUnavailable, RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from '../../unavailable.js';
import { exportError } from '../../telemetry.js';

interface AjvError {
  keyword: string;
  message?: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: unknown; properties?: Record<string, { errorMessage?: unknown }> };
}

/** The property schema's own `errorMessage` (AJV runs with verbose: parentSchema is the failing schema). */
function validationDetail(err: FastifyError): string {
  const first = err.validation?.[0] as AjvError | undefined;
  if (!first) return err.message;
  const ps = first.parentSchema;
  const missing = first.keyword === 'required' ? String(first.params.missingProperty) : undefined;
  const custom = missing !== undefined ? ps?.properties?.[missing]?.errorMessage : ps?.errorMessage;
  if (typeof custom === 'string') return custom;
  return err.message;
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  extra?: Record<string, unknown>,
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problemBody(status, detail, extra));
}

/** Every error leaves as problem+json; bad input is never a 500. */
export default fp(
  async (app) => {
    app.setErrorHandler(
      (
        error: FastifyError & { code?: unknown; errors?: Record<string, { message: string }> },
        request,
        reply,
      ) => {
        if (error instanceof Problem) {
          if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
          return sendProblem(reply, error.status, error.detail, error.extra);
        }
        if (error.validation) return sendProblem(reply, 400, validationDetail(error));
        if (error.name === 'ValidationError' && error.errors) {
          const first = Object.values(error.errors)[0];
          return sendProblem(reply, 400, first?.message ?? error.message);
        }
        if (error.name === 'CastError') return sendProblem(reply, 400, error.message);
        if ((error.code as unknown) === 11000 || (error.code as unknown) === 11001)
          return sendProblem(reply, 409, 'Duplicate key');
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) return sendProblem(reply, status, error.message);
        // a trace the ratio left out built no span: the failure gets one of its own (sampling.ts)
        const failed = (status: number) =>
          exportError(`${request.method} ${request.routeOptions.url ?? 'unknown route'}`, error, {
            'http.request.method': request.method,
            'http.route': request.routeOptions.url ?? '',
            'http.response.status_code': status,
          });
        // the database or Redis unreachable: retryable, said so (a bare 500 reads as a bug in the request)
        if (isBackendUnavailable(error)) {
          failed(503);
          request.log.warn({ err: error.message }, 'backend unavailable: 503');
          reply.header('retry-after', String(RETRY_AFTER_S));
          return sendProblem(reply, 503, UNAVAILABLE_MESSAGE);
        }
        request.log.error({ err: error }, 'unhandled error');
        failed(500);
        return sendProblem(reply, 500, 'Internal Server Error');
      },
    );
    app.setNotFoundHandler((request, reply) => sendProblem(reply, 404, Messages.notFound));
  },
  { name: 'problem' },
);
