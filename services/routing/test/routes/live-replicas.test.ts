import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import type { LiveOrderEvent } from '@portal/contracts/dispatch';
import { startReplicaScript, startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { ReadOrderChange, ReadOrderModel, forgetDays } from '../../src/readmodels/orders.js';
import { item, readFrames } from './schedule-helpers.js';

/**
 * The live schedule across two routing replicas: a browser's stream is open on this replica while the order event
 * is applied by the other one (they share the feed durable, each applies a share), in its own process. The change
 * reaches the stream through the change log, also on a replica that has not read any day yet (its warm-up failed
 * or no schedule was asked there): before, it followed nothing until a schedule call.
 */
const DAY = '2026-11-26';
const DB = 'portal_routing_live_replicas_test';
let app: FastifyInstance;
let base: string;
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: DB,
    CONSUMER_SUFFIX: `l${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    QUEUE_PREFIX: 'portal-routing-live-replicas-test',
    ROUTING_DISPATCH_FEED: 'off',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await Promise.all([ReadOrderModel.deleteMany({}), ReadOrderChange.deleteMany({})]);
});
after(() => app?.close());

test('an order the other replica applied reaches a stream open on this one, though this one never read a day', async () => {
  await new Promise((r) => setTimeout(r, 500)); // the start's warm-up done...
  forgetDays(); // ...and undone: as when it failed
  const other = await startReplicaScript(
    fileURLToPath(new URL('../fixtures/order-applier.ts', import.meta.url)),
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { WRITER_DB: DB, ITEM: JSON.stringify(item('7701', DAY, { version: 3 }, { status: 2 })) },
    },
  );
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/schedule/live?day=${DAY}`, {
    headers: { authorization: `Bearer ${await tokenFor(Role.Admin)}` },
    signal: ctl.signal,
  });
  assert.equal(res.status, 200);
  const frames = readFrames(res, 8000);
  try {
    assert.equal((await frames.next()).event, 'ready');
    await other.go();
    const f = await frames.next();
    assert.equal(f.event, 'order');
    const e = f.data as LiveOrderEvent;
    assert.deepEqual([e.order?.orderId, e.order?.status], ['7701', 2]);
  } finally {
    ctl.abort();
  }
});
