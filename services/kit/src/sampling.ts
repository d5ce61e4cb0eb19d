import {
  createContextKey,
  ROOT_CONTEXT,
  SpanStatusCode,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type SpanKind,
} from '@opentelemetry/api';
import {
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SamplingResult,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { KEEP_ATTRIBUTE } from './sampling-keep.js';

/**
 * Trace sampling. Production keeps a share of the traces, chosen at the root and followed by every service
 * downstream (ParentBased(TraceIdRatio)); the share is OTEL_TRACES_SAMPLER_ARG (0..1, default 0.1). The local
 * stack's env.sh sets 1.0 so the tests see every trace. Errors are exported whatever the ratio said, as
 * OTEL_TRACES_KEEP_ERRORS chooses:
 * - `span` (default): sampled before built. A span of a trace the ratio left out is not recorded (a non-recording
 *   span: no attributes, no processor, nothing kept), so an unsampled request costs next to nothing; when something
 *   fails in it (a 5xx, a failed consumer, job or relay step: telemetry.ts `exportError`), one error span is built
 *   then, in the same trace, marked to be kept, and exported.
 * - `trace`: a trace left out is still RECORDED in process, and exported whole when one of its spans ends with an
 *   error status (the spans of this process before and around the error too); every span is built for every request.
 * - `false`: unsampled traces are not recorded and errors get no span of their own.
 */
export const DEFAULT_RATIO = 0.1;

export { KEEP_ATTRIBUTE };

export type KeepErrors = 'span' | 'trace' | 'false';
export const keepErrorsFromEnv = (raw: string | undefined): KeepErrors =>
  raw === 'false' || raw === 'off' ? 'false' : raw === 'trace' ? 'trace' : 'span';

export function ratioFromEnv(raw: string | undefined): number {
  const v = raw === undefined || raw.trim() === '' ? DEFAULT_RATIO : Number(raw);
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : DEFAULT_RATIO;
}

/** The ratio's "no" becomes RECORD (recorded, not exported) so an error can still promote the trace. */
class RecordUnsampled implements Sampler {
  constructor(private readonly inner: Sampler) {}
  shouldSample(
    ctx: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attrs: Attributes,
    links: Link[],
  ) {
    const r: SamplingResult = this.inner.shouldSample(ctx, traceId, name, kind, attrs, links);
    return r.decision === SamplingDecision.NOT_RECORD ? { ...r, decision: SamplingDecision.RECORD } : r;
  }
  toString() {
    return `RecordUnsampled{${this.inner.toString()}}`;
  }
}

const recordOnly: Sampler = {
  shouldSample: () => ({ decision: SamplingDecision.RECORD }),
  toString: () => 'RecordOnly',
};

/** Under an unsampled parent: nothing is built, but a span marked KEEP_ATTRIBUTE (an error) is kept and exported. */
const keepMarked: Sampler = {
  shouldSample: (_ctx, _traceId, _name, _kind, attrs: Attributes) => ({
    decision:
      attrs[KEEP_ATTRIBUTE] === true ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD,
  }),
  toString: () => 'KeepMarked',
};

/**
 * A context that tells the root sampler its decision was taken already, and was yes: the HTTP server hook
 * (plugins/app/tracing.ts) decides a request that starts its own trace itself, so that the 90 % left out build no
 * span at all (not even the SDK's non-recording one), and starts only the chosen ones through the SDK under it.
 */
export const SAMPLED_ROOT = ROOT_CONTEXT.setValue(createContextKey('portal.sampling.root-decided'), true);

/** The ratio's sampler for roots, which takes a root decided beforehand (SAMPLED_ROOT) as sampled. */
class DecidedRoot implements Sampler {
  constructor(private readonly inner: Sampler) {}
  shouldSample(
    ctx: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attrs: Attributes,
    links: Link[],
  ): SamplingResult {
    if (ctx === SAMPLED_ROOT) return { decision: SamplingDecision.RECORD_AND_SAMPLED };
    return this.inner.shouldSample(ctx, traceId, name, kind, attrs, links);
  }
  toString() {
    return `DecidedRoot{${this.inner.toString()}}`;
  }
}

/**
 * The sampler for the environment; `keepErrors` says whether the KeepErrorTracesProcessor must wrap the exporter's
 * processor (mode `trace` only).
 */
export function samplerFromEnv(env = process.env): {
  sampler: Sampler;
  ratio: number;
  keepErrors: boolean;
  mode: KeepErrors;
} {
  const ratio = ratioFromEnv(env.OTEL_TRACES_SAMPLER_ARG);
  const mode = keepErrorsFromEnv(env.OTEL_TRACES_KEEP_ERRORS);
  const root = new DecidedRoot(new TraceIdRatioBasedSampler(ratio));
  const unsampledParent = mode === 'trace' ? recordOnly : mode === 'span' ? keepMarked : undefined;
  const sampler = new ParentBasedSampler({
    root: mode === 'trace' ? new RecordUnsampled(root) : root,
    ...(unsampledParent
      ? { remoteParentNotSampled: unsampledParent, localParentNotSampled: unsampledParent }
      : {}),
  });
  return { sampler, ratio, keepErrors: mode === 'trace', mode };
}

/** A view of a recorded span that says "sampled", so the batch processor and exporter take it. */
const asSampled = (span: ReadableSpan): ReadableSpan => {
  const ctx = { ...span.spanContext(), traceFlags: span.spanContext().traceFlags | TraceFlags.SAMPLED };
  return Object.create(span, { spanContext: { value: () => ctx } }) as ReadableSpan;
};

const MAX_TRACES = 2000;
const MAX_SPANS = 256;

/**
 * Passes sampled spans to `next`; buffers the spans of unsampled traces per trace id until the trace's local
 * root ends (no parent, or a remote one), then exports them all if any ended in error, else drops them.
 * Bounded: at most MAX_TRACES open traces (oldest dropped) and MAX_SPANS spans each.
 */
export class KeepErrorTracesProcessor implements SpanProcessor {
  private readonly open = new Map<string, { spans: ReadableSpan[]; error: boolean }>();

  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parent: Context): void {
    this.next.onStart(span, parent);
  }

  onEnd(span: ReadableSpan): void {
    const sc = span.spanContext();
    if (sc.traceFlags & TraceFlags.SAMPLED) return this.next.onEnd(span);
    let t = this.open.get(sc.traceId);
    if (!t) {
      if (this.open.size >= MAX_TRACES) this.open.delete(this.open.keys().next().value!);
      t = { spans: [], error: false };
      this.open.set(sc.traceId, t);
    }
    if (t.spans.length < MAX_SPANS) t.spans.push(span);
    if (span.status.code === SpanStatusCode.ERROR) t.error = true;
    const localRoot = !span.parentSpanContext || span.parentSpanContext.isRemote === true;
    if (!localRoot) return;
    this.open.delete(sc.traceId);
    if (t.error) for (const s of t.spans) this.next.onEnd(asSampled(s));
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    this.open.clear();
    return this.next.shutdown();
  }
}
