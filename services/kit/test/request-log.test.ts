import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../testing/index.js';

/**
 * A kit service in a child process, started as the portal starts its services (telemetry preload, LOG_LEVEL
 * info) with the production-like sampling ratio 0: what its log says per request, and which traces reach Jaeger.
 */
const child = fileURLToPath(new URL('./fixtures/log-child.ts', import.meta.url));
const jaeger = process.env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';

test('one log line per request, no bodies, no secrets, no health checks; error traces kept at ratio 0', async () => {
  const p = spawn(process.execPath, ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', child], {
    env: { ...process.env, OTEL_SERVICE_NAME: 'kitlog', LOG_LEVEL: 'info', OTEL_TRACES_SAMPLER_ARG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  p.stdout.on('data', (b: Buffer) => (out += b.toString()));
  p.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => p.on('exit', resolve));
  try {
    const port = Number((await waitFor(() => err.match(/listening (\d+)/), 30_000))[1]);
    const base = `http://127.0.0.1:${port}`;
    const unsampled = (id: string) => ({ traceparent: `00-${id}-${randomBytes(8).toString('hex')}-00` });
    const fineTrace = randomBytes(16).toString('hex');
    const boomTrace = randomBytes(16).toString('hex');

    const fine = await fetch(`${base}/api/fine?token=s3cr3t-token&page=2`, { headers: unsampled(fineTrace) });
    assert.equal(fine.status, 200);
    const boom = await fetch(`${base}/api/boom`, { headers: unsampled(boomTrace) });
    assert.equal(boom.status, 500);
    const echo = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=cookie-secret' },
      body: JSON.stringify({ note: 'body-secret-xyz' }),
    });
    assert.equal(echo.status, 200);
    assert.equal((await fetch(`${base}/api/nowhere?q=%22x%5C`)).status, 404);
    for (const path of ['/healthz', '/readyz', '/healthz'])
      await (await fetch(`${base}${path}`)).arrayBuffer();

    // The error's trace reaches Jaeger although the ratio is 0; the fine one never does.
    const spans = await waitFor(
      async () => {
        const r = await fetch(`${jaeger}/api/traces/${boomTrace}`);
        if (!r.ok) return undefined;
        const t = ((await r.json()) as { data: { spans: { operationName: string }[] }[] }).data[0];
        return t?.spans.length ? t.spans.map((s) => s.operationName) : undefined;
      },
      20_000,
      500,
    );
    assert.ok(
      spans.some((o) => o.startsWith('GET')),
      `http server span in ${spans}`,
    );
    p.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(
      (await fetch(`${jaeger}/api/traces/${fineTrace}`)).status,
      404,
      'unsampled fine trace exported',
    );

    const lines = out.split('\n').filter(Boolean);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'request');
    assert.deepEqual(
      requests.map((e) => [e.method, e.url, e.status]),
      [
        ['GET', '/api/fine?token=[redacted]&page=2', 200],
        ['GET', '/api/boom', 500],
        ['POST', '/api/echo', 200],
        ['GET', '/api/nowhere?q=%22x%5C', 404],
      ],
    );
    // pino's shape, field for field and in its order; a request that matched no route has no route
    assert.deepEqual(Object.keys(requests[0]!), [
      'level',
      'time',
      'service',
      'reqId',
      'method',
      'url',
      'route',
      'status',
      'ms',
      'msg',
    ]);
    assert.ok(Math.abs(Number(requests[0]!.time) - Date.now()) < 120_000);
    assert.ok(!('route' in requests[3]!));
    for (const e of requests) {
      assert.equal(e.service, 'kitlog');
      assert.equal(e.level, 30);
      assert.equal(typeof e.ms, 'number');
      assert.match(String(e.reqId), /^req-/);
    }
    assert.equal(requests[0]!.route, '/api/fine');
    // Fastify's own per-request lines are off, and nothing else mentions the health checks or the secrets.
    assert.ok(!entries.some((e) => e.msg === 'incoming request' || e.msg === 'request completed'));
    for (const secret of ['healthz', 'readyz', 's3cr3t-token', 'body-secret-xyz', 'cookie-secret']) {
      assert.ok(!out.includes(secret), `log mentions ${secret}:\n${out}`);
    }
    // The failure itself is logged once at error (problem plugin), besides its request line.
    assert.equal(entries.filter((e) => e.level === 50).length, 1, out);
    // ... through request.log (made only when used): it carries the request's id, as its request line does
    const failure = entries.find((e) => e.level === 50)!;
    assert.equal(failure.reqId, requests[1]!.reqId);
    assert.equal(failure.service, 'kitlog');
  } finally {
    p.kill('SIGKILL');
  }
});
