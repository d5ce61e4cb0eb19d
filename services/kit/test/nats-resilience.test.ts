import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenFor, waitFor } from '../testing/index.js';
import type { PortalApp } from '../src/index.js';
import { buildThingApp, recorder } from './fixtures/thing-service.js';
import { freePort, NATS_BIN, ownServer } from './fixtures/own-server.js';

/**
 * NATS down when a service starts: it serves (no crash loop) and connects when NATS comes; NATS restarting
 * under a running service: events written meanwhile are published and consumed once it is back.
 * Uses its own nats-server (same binary as the stack) on a free port, with its own store.
 */
const store = mkdtempSync(join(tmpdir(), 'kit-nats-'));
let port: number;
let nats: ReturnType<typeof ownServer>;
const rec = recorder('kitnatsres-rec', 'kitnatsres', ['kitnatsres.>']);
let app: PortalApp;
let token: string;

before(async () => {
  port = await freePort();
  nats = ownServer(NATS_BIN, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store], port);
  token = await tokenFor(4);
});
after(async () => {
  await app?.close();
  await nats.stop();
  rmSync(store, { recursive: true, force: true });
});

const create = async (name: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/things',
    headers: { authorization: `Bearer ${token}` },
    payload: { name },
  });
  assert.equal(res.statusCode, 201, res.body);
};
const seen = (name: string) => rec.received.some((e) => (e.data as { name?: string }).name === name);

test('a service starting while NATS is down serves, then connects and consumes once NATS is up', async () => {
  const t0 = Date.now();
  app = await buildThingApp(
    'kitnatsres',
    { consumers: [rec.consumer] },
    { NATS_URL: `nats://127.0.0.1:${port}`, OUTBOX_SWEEP_MS: 200 },
  );
  await app.ready();
  assert.ok(Date.now() - t0 < 15_000, 'start-up does not wait for NATS forever');
  assert.equal((await app.inject('/healthz')).statusCode, 200, 'alive: not restarted by a liveness probe');
  const early = `early-${Date.now()}`;
  await create(early); // written to the outbox; published once NATS is there
  await nats.start();
  await app.natsReady;
  await waitFor(() => seen(early), 15_000);
  const later = `later-${Date.now()}`;
  await create(later);
  await waitFor(() => seen(later), 10_000);
});

test('NATS restarting under a running service: the event written meanwhile arrives once it is back', async () => {
  await nats.stop();
  const during = `during-${Date.now()}`;
  await create(during);
  await new Promise((r) => setTimeout(r, 2000));
  assert.ok(!seen(during));
  await nats.start();
  await waitFor(() => seen(during), 20_000);
  const after = `after-${Date.now()}`;
  await create(after);
  await waitFor(() => seen(after), 10_000);
  assert.equal(rec.received.filter((e) => (e.data as { name?: string }).name === during).length, 1);
});
