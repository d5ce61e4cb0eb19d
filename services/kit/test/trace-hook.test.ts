import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { tokenFor, waitFor } from '../testing/index.js';
import { currentTraceId, shutdownTelemetry, startTelemetry } from '../src/telemetry.js';
import type { ConsumerDef, PortalApp } from '../src/index.js';
import { buildThingApp } from './fixtures/thing-service.js';

/**
 * The server side of tracing in the kit's Fastify hooks (plugins/app/tracing.ts), with the real SDK, the kit's
 * sampler at ratio 0 (only a caller's sampled traceparent is kept) and an in-memory exporter: a sampled request's
 * server span, its trace id on the event the request publishes and in the consumer that handles it; an unsampled
 * request exports nothing, binds no listener, and still hands its trace id on.
 */
const exporter = new InMemorySpanExporter();
const seen: { type: string; name: string; traceId: string | undefined }[] = [];
const consumer: ConsumerDef = {
  durable: 'kithook-recorder',
  stream: 'kithook',
  subjects: ['kithook.>'],
  async handle(event) {
    seen.push({ type: event.type, name: (event.data as { name: string }).name, traceId: currentTraceId() });
  },
};
let app: PortalApp;
let base: string;
let token: string;

before(async () => {
  process.env.OTEL_TRACES_SAMPLER_ARG = '0';
  await startTelemetry({ exporter, instrument: false });
  app = await buildThingApp('kithook', { consumers: [consumer] });
  // the hooks' listener count, seen by the handler (sampled: one more than unsampled)
  app.get('/api/fail', { config: { public: true } }, async () => {
    throw new Error('fails on purpose');
  });
  // what the handler sees after the (synchronous or not) auth hook, for a GET (no body read)
  app.get('/api/trace-id', async () => {
    await new Promise((r) => setImmediate(r));
    return { traceId: currentTraceId() };
  });
  app.get('/api/listeners', async (_req, reply) => ({ close: reply.raw.listenerCount('close') }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  token = await tokenFor(0);
});
after(async () => {
  await app.close();
  await shutdownTelemetry();
});

const traceparent = (traceId: string, sampled: boolean) =>
  `00-${traceId}-${randomBytes(8).toString('hex')}-${sampled ? '01' : '00'}`;
const spansOf = (traceId: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

async function create(name: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ name }),
  });
  assert.equal(res.status, 201);
  return waitFor(() => seen.find((e) => e.name === name), 15_000);
}

test('a sampled traceparent: one server span, and its trace id reaches the published event and its consumer', async () => {
  const traceId = randomBytes(16).toString('hex');
  const name = `sampled-${traceId}`;
  const handled = await create(name, {
    traceparent: traceparent(traceId, true),
    'user-agent': 'trace-hook-test',
  });
  assert.equal(handled.type, 'kithook.thing.created');
  assert.equal(handled.traceId, traceId, 'the consumer runs in the request trace');
  const spans = await waitFor(() => {
    const s = spansOf(traceId);
    return s.some((x) => x.name === 'kithook.thing.created process') ? s : undefined;
  }, 10_000);
  const server = spans.filter((s) => s.kind === 1 /* SERVER */);
  assert.equal(server.length, 1, spans.map((s) => s.name).join(', '));
  assert.equal(server[0]!.name, 'POST /api/things');
  assert.equal(server[0]!.attributes['http.route'], '/api/things');
  assert.equal(server[0]!.attributes['http.request.method'], 'POST');
  assert.equal(server[0]!.attributes['http.response.status_code'], 201);
  assert.equal(server[0]!.attributes['user_agent.original'], 'trace-hook-test');
  // the publish is a child of the write the request made, in the same trace
  const publish = spans.find((s) => s.name === 'kithook.thing.created publish');
  assert.ok(publish, `publish span in ${spans.map((s) => s.name)}`);
});

test('a GET handler runs in its request trace, sampled or not, after the auth hook', async () => {
  // a token this app has not seen: its first request is verified and its user state read (the asynchronous way),
  // the next ones are answered from the kept verdict and copy (synchronously)
  const fresh = await tokenFor(1);
  for (const sampled of [true, false, true]) {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${base}/api/trace-id`, {
      headers: { authorization: `Bearer ${fresh}`, traceparent: traceparent(traceId, sampled) },
    });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { traceId: string }).traceId, traceId);
  }
});

test('a query secret never reaches a span; a 5xx marks the server span as an error', async () => {
  const traceId = randomBytes(16).toString('hex');
  const res = await fetch(`${base}/api/things/public?token=s3cr3t&page=2`, {
    headers: { traceparent: traceparent(traceId, true) },
  });
  assert.equal(res.status, 200);
  const [span] = await waitFor(() => (spansOf(traceId).length ? spansOf(traceId) : undefined), 5_000);
  assert.equal(span!.attributes['url.query'], 'token=[redacted]&page=2');
  assert.equal(span!.attributes['url.path'], '/api/things/public');
  assert.equal(span!.status.code, 0);

  const failing = randomBytes(16).toString('hex');
  assert.equal(
    (await fetch(`${base}/api/fail`, { headers: { traceparent: traceparent(failing, true) } })).status,
    500,
  );
  const spans = await waitFor(() => (spansOf(failing).length ? spansOf(failing) : undefined), 5_000);
  // the recording server span carries the error itself: no second span for it
  assert.deepEqual(
    spans.map((s) => [s.name, s.status.code, s.attributes['http.response.status_code']]),
    [['GET /api/fail', 2, 500]],
  );
});

test('an unsampled request exports nothing and binds no listener, yet its trace id reaches the consumer', async () => {
  const traceId = randomBytes(16).toString('hex');
  const name = `unsampled-${traceId}`;
  const handled = await create(name, { traceparent: traceparent(traceId, false) });
  assert.equal(handled.traceId, traceId, 'the unsampled decision travels with the event');
  // and a request without any traceparent at ratio 0: a root left out
  const before = exporter.getFinishedSpans().length;
  const root = await create(`root-${traceId}`);
  assert.match(root.traceId ?? '', /^[0-9a-f]{32}$/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(spansOf(traceId).length, 0, 'spans of the unsampled trace exported');
  assert.equal(spansOf(root.traceId!).length, 0, 'spans of the unsampled root exported');
  assert.equal(exporter.getFinishedSpans().length, before);

  const count = async (sampled: boolean) => {
    const r = await fetch(`${base}/api/listeners`, {
      headers: {
        authorization: `Bearer ${token}`,
        traceparent: traceparent(randomBytes(16).toString('hex'), sampled),
      },
    });
    return ((await r.json()) as { close: number }).close;
  };
  const unsampled = await count(false);
  assert.equal(await count(true), unsampled + 1, 'a sampled request binds one listener, an unsampled none');
});
