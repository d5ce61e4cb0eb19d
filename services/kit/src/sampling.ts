import {
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

/**
 * Trace sampling. Production keeps a share of the traces, chosen at the root and followed by every service
 * downstream (ParentBased(TraceIdRatio)); the share is OTEL_TRACES_SAMPLER_ARG (0..1, default 0.1). The local
 * stack's env.sh sets 1.0 so the tests see every trace. A trace left out by the ratio is still RECORDED in
 * process, and exported after all when one of its spans ends with an error status (a 5xx, a failed consumer or
 * job): "100 % of errors" for the spans of this process; its callers' and callees' spans of an unsampled trace
 * are only kept when they error too. OTEL_TRACES_KEEP_ERRORS=false turns that off (unsampled spans are then
 * not recorded at all: the cheapest setting).
 */
export const DEFAULT_RATIO = 0.1;

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

export function samplerFromEnv(env = process.env): { sampler: Sampler; ratio: number; keepErrors: boolean } {
  const ratio = ratioFromEnv(env.OTEL_TRACES_SAMPLER_ARG);
  const keepErrors = env.OTEL_TRACES_KEEP_ERRORS !== 'false';
  const root = new TraceIdRatioBasedSampler(ratio);
  const sampler = new ParentBasedSampler(
    keepErrors
      ? {
          root: new RecordUnsampled(root),
          remoteParentNotSampled: recordOnly,
          localParentNotSampled: recordOnly,
        }
      : { root },
  );
  return { sampler, ratio, keepErrors };
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
