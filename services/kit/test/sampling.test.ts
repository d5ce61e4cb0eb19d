import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { KeepErrorTracesProcessor, ratioFromEnv, SAMPLED_ROOT, samplerFromEnv } from '../src/sampling.js';
import { exportError, withSpan } from '../src/telemetry.js';

/** The real OTel SDK with an in-memory exporter: which spans leave the process under each setting. */
function setup(env: Record<string, string | undefined>) {
  const exporter = new InMemorySpanExporter();
  const { sampler, keepErrors } = samplerFromEnv(env);
  const batch = new SimpleSpanProcessor(exporter);
  const provider = new BasicTracerProvider({
    sampler,
    spanProcessors: [keepErrors ? new KeepErrorTracesProcessor(batch) : batch],
  });
  const tracer = provider.getTracer('sampling-test');
  /** A root span with one child; the child fails when asked. Returns the trace id. */
  const request = (fail: boolean) => {
    const root = tracer.startSpan('GET /x');
    const child = tracer.startSpan('db find', {}, trace.setSpan(context.active(), root));
    if (fail) child.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
    child.end();
    root.end();
    return root.spanContext().traceId;
  };
  const exportedTraces = () => new Set(exporter.getFinishedSpans().map((s) => s.spanContext().traceId));
  return { request, exporter, exportedTraces };
}

test('the ratio comes from OTEL_TRACES_SAMPLER_ARG, default 10 %, clamped, junk → default', () => {
  assert.equal(ratioFromEnv(undefined), 0.1);
  assert.equal(ratioFromEnv(''), 0.1);
  assert.equal(ratioFromEnv('1.0'), 1);
  assert.equal(ratioFromEnv('0.25'), 0.25);
  assert.equal(ratioFromEnv('7'), 1);
  assert.equal(ratioFromEnv('nope'), 0.1);
  assert.match(samplerFromEnv({}).sampler.toString(), /ParentBased/);
});

test('default: about 10 % of the traces are exported, each one whole (root and child)', () => {
  const { request, exporter, exportedTraces } = setup({});
  for (let i = 0; i < 2000; i++) request(false);
  const kept = exportedTraces().size;
  assert.ok(kept > 120 && kept < 280, `kept ${kept} of 2000 traces`);
  assert.equal(exporter.getFinishedSpans().length, kept * 2);
});

test('KEEP_ERRORS=trace: a trace with an error is exported whole even when the ratio left it out', () => {
  const { request, exporter, exportedTraces } = setup({
    OTEL_TRACES_SAMPLER_ARG: '0',
    OTEL_TRACES_KEEP_ERRORS: 'trace',
  });
  const ok = request(false);
  const failed = request(true);
  assert.deepEqual([...exportedTraces()], [failed]);
  assert.ok(!exportedTraces().has(ok));
  const spans = exporter.getFinishedSpans();
  assert.deepEqual(spans.map((s) => s.name).sort(), ['GET /x', 'db find']);
  // exported as sampled, so a collector does not drop them either
  assert.ok(spans.every((s) => (s.spanContext().traceFlags & 1) === 1));
});

test('OTEL_TRACES_KEEP_ERRORS=false: ratio 0 exports nothing, errors included', () => {
  const { request, exporter } = setup({ OTEL_TRACES_SAMPLER_ARG: '0', OTEL_TRACES_KEEP_ERRORS: 'false' });
  request(true);
  request(false);
  assert.equal(exporter.getFinishedSpans().length, 0);
});

test('ratio 1 (the local stack and its tests) exports every trace', () => {
  const { request, exportedTraces } = setup({ OTEL_TRACES_SAMPLER_ARG: '1.0' });
  const ids = Array.from({ length: 50 }, (_, i) => request(i % 7 === 0));
  assert.equal(exportedTraces().size, 50);
  assert.ok(ids.every((id) => exportedTraces().has(id)));
});

test('default (span): a trace the ratio left out builds no span; its error is exported as one span of that trace', async () => {
  const exporter = new InMemorySpanExporter();
  const { sampler, keepErrors, mode } = samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0' });
  assert.equal(mode, 'span');
  assert.equal(keepErrors, false, 'no buffering processor: nothing of an unsampled trace is kept');
  const provider = new BasicTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  trace.setGlobalTracerProvider(provider);
  try {
    // an unsampled request with a child step that fails: nothing recorded but the error span
    const traceId = await withSpan('GET /x', async () => {
      const root = trace.getSpan(context.active())!;
      assert.equal(root.isRecording(), false, 'the request span was not built');
      await withSpan('db find', async () => {
        assert.equal(trace.getSpan(context.active())!.isRecording(), false);
      });
      await assert.rejects(
        withSpan('relay step', async () => {
          throw new Error('boom');
        }),
      );
      return root.spanContext().traceId;
    });
    const spans = exporter.getFinishedSpans();
    assert.deepEqual(
      spans.map((s) => s.name),
      ['relay step'],
    );
    assert.equal(spans[0]!.spanContext().traceId, traceId, "in the failed request's trace");
    assert.equal(spans[0]!.status.code, SpanStatusCode.ERROR);
    assert.equal(spans[0]!.status.message, 'boom');
    assert.equal(spans[0]!.spanContext().traceFlags & 1, 1, 'exported as sampled');
    // a request that went well: nothing at all
    exporter.reset();
    await withSpan('GET /ok', async () => withSpan('db find', async () => 1));
    assert.equal(exporter.getFinishedSpans().length, 0);
    // the kit's 5xx path in an unsampled request (problem.ts): the same
    await withSpan('GET /y', async () => exportError('GET /y', new Error('db down'), { 'http.route': '/y' }));
    assert.deepEqual(
      exporter.getFinishedSpans().map((s) => [s.name, s.attributes['http.route']]),
      [['GET /y', '/y']],
    );
  } finally {
    trace.disable();
    context.disable();
    await provider.shutdown();
  }
});

test('KEEP_ERRORS=false: an error of an unsampled trace gets no span either', async () => {
  const exporter = new InMemorySpanExporter();
  const { sampler } = samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0', OTEL_TRACES_KEEP_ERRORS: 'false' });
  const provider = new BasicTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  try {
    await withSpan('GET /x', async () => exportError('GET /x', 'boom'));
    assert.equal(exporter.getFinishedSpans().length, 0);
  } finally {
    trace.disable();
    context.disable();
    await provider.shutdown();
  }
});

test('a root decided beforehand (SAMPLED_ROOT) is recorded and sampled whatever the ratio; its children follow it', () => {
  const { sampler } = samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: '0' });
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('sampling-test');
  const root = tracer.startSpan('GET /decided', {}, SAMPLED_ROOT);
  assert.equal(root.isRecording(), true);
  const child = tracer.startSpan('db find', {}, trace.setSpan(context.active(), root));
  child.end();
  root.end();
  const other = tracer.startSpan('GET /ratio');
  assert.equal(other.isRecording(), false, 'a root the ratio decides is still left out at 0');
  other.end();
  assert.deepEqual(
    exporter.getFinishedSpans().map((s) => [s.name, s.spanContext().traceId === root.spanContext().traceId]),
    [
      ['db find', true],
      ['GET /decided', true],
    ],
  );
});
