import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markVerified, subOf, tokenFor, waitFor } from '../testing/index.js';
import { UNAVAILABLE_MESSAGE, type PortalApp } from '../src/index.js';
import { buildThingApp } from './fixtures/thing-service.js';
import { freePort, ownServer } from './fixtures/own-server.js';

/**
 * A database outage under a running service: the service's own FerretDB (on the stack's PostgreSQL, a database of
 * its own) stops; a request answers a retryable 503 problem with Retry-After and a clear message — it was a bare
 * 500 "Internal Server Error" — and the service answers again by itself once the database is back.
 */
const FERRETDB = fileURLToPath(new URL('../../../deploy/local/.cache/bin/ferretdb', import.meta.url));
const PG_URL = process.env.FERRETDB_PG_URL ?? 'postgres://postgres@127.0.0.1:5433/ferretdb';
let db: ReturnType<typeof ownServer>;
let app: PortalApp;
let token: string;
let state: string;

before(async () => {
  const port = await freePort();
  const debug = await freePort();
  state = await mkdtemp(path.join(tmpdir(), 'kit-ferretdb-'));
  db = ownServer(
    FERRETDB,
    [
      '--handler=postgresql',
      `--postgresql-url=${PG_URL}`,
      `--state-dir=${state}`,
      `--listen-addr=127.0.0.1:${port}`,
      `--debug-addr=127.0.0.1:${debug}`,
      '--telemetry=disable',
      '--log-level=error',
    ],
    port,
  );
  await db.start();
  token = await tokenFor(4);
  await markVerified(subOf(token), true);
  app = await buildThingApp(
    'kitdbout',
    { models: false, backends: ['mongo', 'redis'] },
    { MONGO_URL: `mongodb://127.0.0.1:${port}/`, MONGO_DB: 'portal_kitdbout_test' },
  );
  await app.ready();
});
after(async () => {
  await app?.close();
  await db?.stop();
  await rm(state, { recursive: true, force: true });
});

const things = () =>
  app.inject({ method: 'GET', url: '/api/things', headers: { authorization: `Bearer ${token}` } });

test('the database down: 503 problem with Retry-After and a clear message; back by itself when it returns', async () => {
  assert.equal((await things()).statusCode, 200);
  await db.stop();
  try {
    const res = await things();
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.equal(res.headers['retry-after'], '5');
    assert.equal(res.json().message, UNAVAILABLE_MESSAGE);
  } finally {
    await db.start();
  }
  await waitFor(async () => (await things()).statusCode === 200, 30_000, 500);
});
