import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../testing/index.js';
import { LOG_FLUSH_MS } from '../src/logging.js';

/**
 * The log is written in batches (logging.ts), not a system call per line: a line still reaches stdout within
 * LOG_FLUSH_MS while the service idles, and the lines of a process that dies of an uncaught exception are all there.
 */
const child = fileURLToPath(new URL('./fixtures/log-child.ts', import.meta.url));

test('request lines reach stdout promptly while idle, and none is lost when the process crashes', async () => {
  const p = spawn(process.execPath, ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', child], {
    env: {
      ...process.env,
      OTEL_SERVICE_NAME: 'kitlogflush',
      LOG_LEVEL: 'info',
      OTEL_TRACES_SAMPLER_ARG: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  p.stdout.on('data', (b: Buffer) => (out += b.toString()));
  p.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => p.on('exit', resolve));
  const requestUrls = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; url?: string })
      .filter((e) => e.msg === 'request')
      .map((e) => e.url);
  try {
    const port = Number((await waitFor(() => err.match(/listening (\d+)/), 30_000))[1]);
    const base = `http://127.0.0.1:${port}`;
    // one short line, far below a batch: it goes out on the timer, not when the buffer fills
    const asked = Date.now();
    assert.equal((await fetch(`${base}/api/fine?page=1`)).status, 200);
    await waitFor(() => requestUrls().includes('/api/fine?page=1'), 5_000, 20);
    const took = Date.now() - asked;
    assert.ok(took < LOG_FLUSH_MS + 2_000, `the line took ${took} ms`);
    assert.equal(p.exitCode, null, 'written while the process runs, not at its exit');

    for (let i = 2; i <= 4; i++) assert.equal((await fetch(`${base}/api/fine?page=${i}`)).status, 200);
    assert.equal((await fetch(`${base}/api/crash`, { method: 'POST' })).status, 200);
    assert.equal(await exited, 1, 'the uncaught exception ends the process');
    assert.match(err, /crash on purpose/);
    assert.deepEqual(requestUrls(), [
      '/api/fine?page=1',
      '/api/fine?page=2',
      '/api/fine?page=3',
      '/api/fine?page=4',
      '/api/crash',
    ]);
  } finally {
    p.kill('SIGKILL');
  }
});
