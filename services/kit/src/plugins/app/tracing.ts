import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { isHealthCheck, maskUrl, pathOf } from '../../logging.js';
import { SAMPLED_ROOT, samplerFromEnv } from '../../sampling.js';
import { requestContextEntry, tracer } from '../../telemetry.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's trace context (its server span, recording or not); null when tracing is off. */
    traceContext: Context | null;
  }
}

/** What a health check runs in (logging.ts isHealthCheck): no span, and nothing it touches (Mongo, Redis) traced. */
const SUPPRESSED = suppressTracing(ROOT_CONTEXT);

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** A random id of `words` × 4 bytes in hex (Math.random, as the SDK's own id generator), never all zeros. */
function randomHex(words: number): string {
  let id = '';
  for (let i = 0; i < words; i++) {
    const r = (Math.random() * 0x100000000) >>> 0;
    id +=
      HEX[r >>> 24]! +
      HEX[(r >>> 16) & 255]! +
      HEX[(r >>> 8) & 255]! +
      HEX[(i === words - 1 && r & 255) || 1]!;
  }
  return id;
}

/** What the server span says about the request (OpenTelemetry's stable HTTP conventions), built only when sampled. */
function describe(span: Span, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url;
  const url = request.url;
  const path = pathOf(url);
  if (route) span.updateName(`${request.method} ${route}`);
  span.setAttributes({
    'http.request.method': request.method,
    'url.scheme': request.protocol,
    'url.path': path,
    'server.address': request.hostname,
    'network.peer.address': request.socket.remoteAddress,
    'network.peer.port': request.socket.remotePort,
    'network.protocol.version': request.raw.httpVersion,
    'client.address': request.ip,
  });
  // the query with the kit's secret parameters masked (the same rule as the request's log line)
  if (path.length < url.length) span.setAttribute('url.query', maskUrl(url).slice(path.length + 1));
  if (route) span.setAttribute('http.route', route);
  if (request.port) span.setAttribute('server.port', request.port);
  const agent = request.headers['user-agent'];
  if (agent) span.setAttribute('user_agent.original', agent);
  // 'close' follows 'finish' and also comes when the client went away first: the span always ends
  const res = reply.raw;
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (!res.writableFinished) span.setAttribute('http.request.aborted', true);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

/**
 * The server side of HTTP tracing, in Fastify's hooks (the HTTP instrumentation traces outgoing calls only; its
 * incoming side bound every listener of every request and computed its attributes whatever the sampler said).
 * `onRequest` extracts the caller's `traceparent`, lets the kit's sampler decide (sampling.ts) and enters the
 * request's context, so the outbox, NATS headers, jobs, MongoDB spans and an error's own span (problem.ts) join the
 * trace. Only a sampled (recording) span gets attributes and a listener that ends it; an unsampled request carries
 * a non-recording context, nothing else. The context is entered again once the body is read: the body's stream
 * events come from the socket's context, not the request's.
 */
export default fp(
  async (app) => {
    const enter = requestContextEntry();
    if (!enter) return; // started without the tracing preload: no hook at all
    const t = tracer();
    // A request that starts its own trace is decided here, by the same ratio as the SDK's root sampler: one left
    // out gets a non-recording context with fresh ids (what the SDK would have built, without its span machinery)
    // and one kept is started through the SDK as a root already decided (sampling.ts SAMPLED_ROOT). Where an
    // unsampled trace must still be recorded (OTEL_TRACES_KEEP_ERRORS=trace), the SDK decides every request.
    const { ratio, mode } = samplerFromEnv();
    const decideRoots = mode !== 'trace';
    app.decorateRequest('traceContext', null);
    app.addHook('onRequest', (request, reply, done) => {
      if (isHealthCheck(request.url)) {
        enter(SUPPRESSED);
        return done();
      }
      // a caller's trace (W3C traceparent, and baggage) when it sent one; most requests start their own
      const h = request.headers;
      let parent =
        h.traceparent === undefined && h.baggage === undefined
          ? ROOT_CONTEXT
          : propagation.extract(ROOT_CONTEXT, h);
      if (parent === ROOT_CONTEXT && decideRoots) {
        if (Math.random() >= ratio) {
          const left = trace.setSpanContext(ROOT_CONTEXT, {
            traceId: randomHex(4),
            spanId: randomHex(2),
            traceFlags: TraceFlags.NONE,
          });
          request.traceContext = left;
          enter(left);
          return done();
        }
        parent = SAMPLED_ROOT;
      }
      const span = t.startSpan(request.method, { kind: SpanKind.SERVER }, parent);
      // the request's context holds its span only (not the root's decision: a root started inside it decides anew)
      const ctx = trace.setSpan(parent === SAMPLED_ROOT ? ROOT_CONTEXT : parent, span);
      request.traceContext = ctx;
      enter(ctx);
      if (span.isRecording()) describe(span, request, reply);
      done();
    });
    app.addHook('preValidation', (request, _reply, done) => {
      // still the active one when no body was read (a GET): entered once, not twice
      const ctx = request.traceContext;
      if (ctx && context.active() !== ctx) enter(ctx);
      done();
    });
  },
  { name: 'tracing' },
);
