import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tokenFor, waitFor } from '../testing/index.js';

/** One trace across processes: HTTP request → outbox → NATS → consumer, as Jaeger shows it. */
const child = fileURLToPath(new URL('./fixtures/trace-child.ts', import.meta.url));
const jaeger = process.env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';

function start(mode: string, service: string) {
  const p = spawn(
    process.execPath,
    ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', child, mode],
    {
      env: { ...process.env, OTEL_SERVICE_NAME: service, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  p.stdout.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => p.on('exit', resolve));
  return { p, exited, out: () => out };
}

interface JaegerTrace {
  spans: { operationName: string; processID: string }[];
  processes: Record<string, { serviceName: string }>;
}

test('an HTTP request, its outbox publish and the consumer share one trace in Jaeger', async () => {
  const producer = start('producer', 'kittrace');
  const consumer = start('consumer', 'kittraceconsumer');
  try {
    const port = Number((await waitFor(() => producer.out().match(/listening (\d+)/), 30_000))[1]);
    await waitFor(() => consumer.out().includes('listening'), 30_000);
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`http://127.0.0.1:${port}/api/things`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await tokenFor(0)}`,
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ name: `trace-${traceId}` }),
    });
    assert.equal(res.status, 201);
    await waitFor(() => consumer.out().includes('kittrace.thing.created'), 15_000);
    producer.p.kill('SIGTERM');
    consumer.p.kill('SIGTERM');
    assert.equal(await producer.exited, 0);
    assert.equal(await consumer.exited, 0);

    const trace = await waitFor(
      async () => {
        const r = await fetch(`${jaeger}/api/traces/${traceId}`);
        if (!r.ok) return undefined;
        const t = ((await r.json()) as { data: JaegerTrace[] }).data[0];
        const ops = t?.spans.map((s) => `${t.processes[s.processID].serviceName}:${s.operationName}`) ?? [];
        // each process exports its own spans: the producer's may reach Jaeger after the consumer's
        const both =
          ops.includes('kittraceconsumer:kittrace.thing.created process') &&
          ops.includes('kittrace:kittrace.thing.created publish');
        return both ? ops : undefined;
      },
      20_000,
      500,
    );
    assert.ok(
      trace.some((o) => o.startsWith('kittrace:POST')),
      `http server span in ${trace}`,
    );
    assert.ok(trace.includes('kittrace:kittrace.thing.created publish'), `publish span in ${trace}`);
    assert.ok(trace.includes('kittrace:insert things'), `mongodb span in ${trace}`);
  } finally {
    producer.p.kill('SIGKILL');
    consumer.p.kill('SIGKILL');
  }
});
