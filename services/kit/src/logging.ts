import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * Request logging: ONE line per request at info (method, url with query secrets masked, route, status, ms),
 * never bodies or headers, and nothing for the health checks (polled every few seconds by the platform).
 * It replaces Fastify's own two lines per request (with the whole req/res) through its LogController hook.
 */
const QUIET = new Set(['/healthz', '/readyz']);

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS =
  /([?&](?:token|access_token|refresh_token|id_token|code|pin|password|secret|key|signature|sig|otp|session_state)=)[^&#]*/gi;

export const maskUrl = (url: string) =>
  url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;

/** pino options: service name on every line; credentials masked wherever they show up in logged objects. */
export function loggerOptions(service: string, level: string): FastifyServerOptions['logger'] {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'password',
        'token',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/** Fastify's per-request log lines, replaced: nothing when a request comes in, one line when it is answered. */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: (request) => QUIET.has(request.url.split('?', 1)[0]!) });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return; // the base class checks this itself; an override must too
    request.log.info(
      {
        method: request.method,
        url: maskUrl(request.url),
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
