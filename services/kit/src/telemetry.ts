import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { KEEP_ATTRIBUTE } from './sampling-keep.js';

/**
 * Tracing helpers used by the kit (HTTP, outbox, consumers, jobs). They talk to the global OTel API, so they are
 * no-ops unless the process was started with `--import @portal/service-kit/telemetry` (see telemetry-preload.mjs).
 */
export const tracer = () => trace.getTracer('@portal/service-kit');

export async function withSpan<T>(
  name: string,
  fn: () => Promise<T> | T,
  attrs?: Attributes,
  opts: { kind?: SpanKind; parent?: Context } = {},
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, attributes: attrs },
    opts.parent ?? context.active(),
    async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        exportError(name, err as Error, attrs);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * An error in a trace the ratio left out (sampling.ts, mode `span`: its spans were not built): one span that says
 * what failed, built now, in the same trace, marked so the sampler keeps and exports it. Nothing when the active
 * span is recording (it carries the error itself) or tracing is off.
 */
export function exportError(name: string, err: Error | string, attrs?: Attributes): void {
  if (trace.getSpan(context.active())?.isRecording()) return;
  const span = tracer().startSpan(
    name,
    { kind: SpanKind.INTERNAL, attributes: { ...attrs, [KEEP_ATTRIBUTE]: true } },
    context.active(),
  );
  if (!span.isRecording()) return;
  const message = typeof err === 'string' ? err : err.message;
  if (typeof err !== 'string') span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.end();
}

/** Writes the active context (traceparent/tracestate) into a plain carrier object and returns it. */
export function injectTrace<T extends Record<string, string>>(
  carrier: T = {} as T,
  ctx: Context = context.active(),
): T {
  propagation.inject(ctx, carrier);
  return carrier;
}

/** A context whose parent is the trace in the carrier (plain object or anything with get(key)). */
export function extractTrace(
  carrier: Record<string, string | undefined> | { get(k: string): string } | undefined,
  base: Context = context.active(),
): Context {
  if (!carrier) return base;
  const getter = {
    keys: (c: typeof carrier) =>
      typeof (c as { get?: unknown }).get === 'function'
        ? ['traceparent', 'tracestate']
        : Object.keys(c ?? {}),
    get: (c: typeof carrier, k: string) => {
      const v =
        typeof (c as { get?: unknown }).get === 'function'
          ? (c as { get(k: string): string }).get(k)
          : (c as Record<string, string>)[k];
      return v || undefined;
    },
  };
  return propagation.extract(base, carrier, getter);
}

export function currentTraceId(): string | undefined {
  return trace.getSpan(context.active())?.spanContext().traceId;
}

export { SpanKind };

type Shutdown = () => Promise<void>;
type Enter = (ctx: Context) => void;
// globalThis, not module state: the preload (dist/telemetry.js) and the service (dist/server.js) are two bundles
const g = globalThis as { __portalTelemetryShutdown?: Shutdown; __portalEnterContext?: Enter };

/**
 * Makes a context the active one for the rest of the current execution and what it starts (AsyncLocalStorage's
 * `enterWith`), for the HTTP server's hooks (plugins/app/tracing.ts), which cannot wrap the request in a callback.
 * Undefined when telemetry was not started.
 */
export const requestContextEntry = (): Enter | undefined => g.__portalEnterContext;
/** Flushes and stops the tracer provider when telemetry was started; safe to call otherwise. */
export async function shutdownTelemetry(): Promise<void> {
  await g.__portalTelemetryShutdown?.();
}

/**
 * Starts the tracer provider (called once by the preload). A test may hand its own exporter (spans are then
 * exported one by one as they end) and leave the instrumentations out (modules it loaded before are not patched).
 */
export async function startTelemetry(
  opts: { exporter?: import('@opentelemetry/sdk-trace-base').SpanExporter; instrument?: boolean } = {},
): Promise<void> {
  if (g.__portalTelemetryShutdown) return;
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } =
    await import('@opentelemetry/sdk-trace-node');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { registerInstrumentations } = await import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { MongoDBInstrumentation } = await import('@opentelemetry/instrumentation-mongodb');
  const { samplerFromEnv, KeepErrorTracesProcessor } = await import('./sampling.js');
  const endpoint = (process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://127.0.0.1:4318').replace(/\/$/, '');
  const batch = opts.exporter
    ? new SimpleSpanProcessor(opts.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }), {
        scheduledDelayMillis: 500,
      });
  const { sampler, keepErrors } = samplerFromEnv();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'portal-service' }),
    // Sampled (parent-based ratio, default 10 %) before the spans are built; an error of a trace left out is still
    // exported as a span of its own (sampling.ts, exportError).
    sampler,
    spanProcessors: [keepErrors ? new KeepErrorTracesProcessor(batch) : batch],
  });
  const contextManager = new AsyncLocalStorageContextManager();
  provider.register({ contextManager });
  g.__portalEnterContext = (ctx) => void contextManager.attach(ctx);
  g.__portalTelemetryShutdown = () => provider.shutdown();
  if (opts.instrument === false) return;
  // fastify, mongoose and the mongodb driver are CommonJS: the require hooks of these instrumentations see them.
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // outgoing calls only: the server side is traced in Fastify's hooks (plugins/app/tracing.ts), which build
      // nothing for a request the sampler leaves out
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new MongoDBInstrumentation({ dbStatementSerializer: mongoStatement }),
    ],
  });
}

/**
 * The statement a MongoDB span records: the command's shape with every value masked, as the instrumentation's own
 * default does, except that an insert's documents are only counted. Masking each 7 KB order of an insert walked every
 * value of it and cost more than the rest of the span. The instrumentation asks for it before the span exists, in the
 * caller's context: under a span the sampler left out (90 % of requests) the command's span records nothing either
 * (parent-based sampling), so nothing is made (it was 2 % of a create's CPU in orders).
 */
export function mongoStatement(cmd: Record<string, unknown>): string {
  const parent = trace.getSpan(context.active());
  if (parent && !parent.isRecording()) return '';
  const seen = new WeakSet<object>();
  const docs = cmd.documents;
  const shown = Array.isArray(docs) ? { ...cmd, documents: docs.length } : cmd;
  return JSON.stringify(shown, function (this: unknown, key: string, value: unknown) {
    if (key === 'documents' && this === shown) return `${value as number} document${value === 1 ? '' : 's'}`;
    if (typeof value !== 'object' || !value) return '?';
    if (seen.has(value)) return '[Circular]';
    seen.add(value);
    return value;
  });
}
