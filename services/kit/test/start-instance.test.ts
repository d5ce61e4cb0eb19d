// startInstance's readiness is the child's own: a port reserved and then taken by another process (another suite's
// server, in CI's parallel suites) answers /readyz too, and a second instance that trusted it sent its requests to
// a stranger (CI saw 404s from "the other replica"). No stack needed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, startInstance } from '../testing/index.js';
import { spawnOn } from '../testing/instance.js';
import { holdsListener } from '../testing/port-owner.js';

const SERVICE = fileURLToPath(new URL('./fixtures/readyz-service', import.meta.url));
const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

/** A stranger on the port: answers /readyz 200 like any service would. */
async function stranger(port: number): Promise<Server> {
  const s = createServer((_req, res) => res.end('stranger'));
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  servers.push(s);
  return s;
}

test('holdsListener: true for the process listening on the port, false for any other', async () => {
  const port = await freePort();
  await stranger(port);
  assert.equal(await holdsListener(process.pid, port), true);
  const sleeper = spawn('sleep', ['5']);
  try {
    assert.equal(await holdsListener(sleeper.pid!, port), false);
  } finally {
    sleeper.kill();
  }
  assert.equal(
    await holdsListener(process.pid, await freePort()),
    false,
    'nobody listens on a released port',
  );
});

test('a port another process took is not the instance being ready: the attempt reports it taken', async () => {
  const port = await freePort();
  await stranger(port);
  const attempt = await spawnOn(SERVICE, port, {}, 20_000);
  assert.equal(attempt.taken, true, attempt.output());
  assert.match(attempt.error ?? '', /exited/);
});

test('startInstance answers from its own process', async () => {
  const inst = await startInstance(SERVICE, {}, 20_000);
  try {
    const res = await fetch(`${inst.url}/readyz`);
    assert.equal(res.status, 200);
    assert.notEqual(await res.text(), 'stranger');
  } finally {
    await inst.stop();
  }
});
