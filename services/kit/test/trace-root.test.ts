import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { tokenFor } from '../testing/index.js';
import { currentTraceId, shutdownTelemetry, startTelemetry } from '../src/telemetry.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp } from './fixtures/thing-service.js';

/**
 * A request that starts its own trace is decided by the kit's HTTP hook, not the SDK (plugins/app/tracing.ts): at
 * ratio 1 every such request is kept, and the SDK builds its server span as a root (no parent), in the trace the
 * handler sees; the ids the hook makes for roots left out are checked in trace-hook.test.ts (ratio 0).
 */
let app: PortalApp;
let base: string;
let token: string;
const exporter = new InMemorySpanExporter();

before(async () => {
  process.env.OTEL_TRACES_SAMPLER_ARG = '1';
  await startTelemetry({ exporter, instrument: false });
  app = await buildThingApp('kitroot');
  app.get('/api/trace-id', async () => ({ traceId: currentTraceId() }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  token = await tokenFor(0);
});
after(async () => {
  await app.close();
  await shutdownTelemetry();
});

test('ratio 1: a request without a traceparent gets a recorded root server span in the trace its handler sees', async () => {
  const ids = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${base}/api/trace-id`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(r.status, 200);
    ids.add(((await r.json()) as { traceId: string }).traceId);
  }
  assert.equal(ids.size, 3, 'each request its own trace');
  await new Promise((r) => setTimeout(r, 100));
  for (const traceId of ids) {
    assert.match(traceId, /^[0-9a-f]{32}$/);
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    assert.equal(spans.length, 1, `one span in ${traceId}`);
    assert.equal(spans[0]!.kind, SpanKind.SERVER);
    assert.equal(spans[0]!.name, 'GET /api/trace-id');
    assert.equal(spans[0]!.parentSpanContext, undefined, 'a root');
    assert.equal(spans[0]!.spanContext().traceFlags & 1, 1, 'sampled');
  }
});

test('ratio 1: a health check exports no span', async () => {
  const before = exporter.getFinishedSpans().length;
  for (const path of ['/healthz', '/readyz', '/healthz?probe=1'])
    assert.equal((await fetch(`${base}${path}`)).status, 200, path);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(exporter.getFinishedSpans().length, before);
});
