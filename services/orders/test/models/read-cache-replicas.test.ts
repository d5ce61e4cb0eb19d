// Two orders replicas' short-lived read-model copies (models/read-cache.ts): this file's app, and another process
// writing the read model as its accounts-feed consumer does (each replica takes a share of the feed's events). The
// write drops this replica's copies at once (told over Redis), not READ_CACHE_MS later: a licence the other
// replica just learned is no longer "unknown" here, and a changed one is not answered as it was. Real stack.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startReplicaScript, startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Licence } from '../../src/models/licence.js';
import { READ_CACHE_MS } from '../../src/models/read-cache.js';
import { licenceByNumber } from '../../src/readmodels/licences.js';
import { suiteEnv } from '../routes/order-helpers.js';

const ENV = suiteEnv('rcrep');
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Licence.deleteMany({ licenseKey: /^RCR-/ });
  await Licence.create({ licenseKey: 'RCR-1', 'License #': 'RCR-1', Licensee: 'Rep Farms', City: 'Salem' });
});
after(async () => {
  await Licence.deleteMany({ licenseKey: /^RCR-/ }).catch(() => undefined);
  await app?.close();
});

/** The other replica, in its own process, booted and waiting: `go()` makes its write (test/fixtures). */
const otherReplica = (write: { licenseKey: string; City: string }) =>
  startReplicaScript(fileURLToPath(new URL('../fixtures/read-model-writer.ts', import.meta.url)), {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { WRITER_DB: ENV.MONGO_DB, WRITE: JSON.stringify(write) },
  });

/** Well inside READ_CACHE_MS: only a drop told by the other replica explains a fresh answer this soon. */
const SOON_MS = 1000;

test("a licence changed by the other replica is answered as changed here at once, not from this one's copy", async () => {
  const other = await otherReplica({ licenseKey: 'RCR-1', City: 'Eugene' });
  assert.equal((await licenceByNumber('RCR-1'))?.City, 'Salem');
  const t = Date.now();
  assert.equal((await licenceByNumber('RCR-1'))?.City, 'Salem', 'kept as a copy');
  await other.go();
  await waitFor(async () => (await licenceByNumber('RCR-1'))?.City === 'Eugene', SOON_MS, 20);
  assert.ok(Date.now() - t < READ_CACHE_MS, 'seen before the copy would have expired');
});

test('a licence the other replica just learned is known here at once (an absent answer is not kept past it)', async () => {
  const other = await otherReplica({ licenseKey: 'RCR-2', City: 'Bend' });
  const t = Date.now();
  assert.equal(await licenceByNumber('RCR-2'), null);
  assert.equal(await licenceByNumber('RCR-2'), null, 'the absence kept as a copy');
  await other.go();
  await waitFor(async () => (await licenceByNumber('RCR-2'))?.City === 'Bend', SOON_MS, 20);
  assert.ok(Date.now() - t < READ_CACHE_MS, 'seen before the copy would have expired');
});
