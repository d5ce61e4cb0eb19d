import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { cacheCounter, cacheFigures, logCacheFigures } from '../src/cache-stats.js';

test('a cache counts its hits, misses and evictions; the figures give the hit rate and reset per interval', () => {
  const entries = new Map<string, number>([['a', 1]]);
  const c = cacheCounter('test.figures', { max: 2, size: () => entries.size });
  c.hit();
  c.hit();
  c.hit();
  c.miss();
  c.evicted(2);
  assert.deepEqual(cacheFigures({ reset: true })['test.figures'], {
    hits: 3,
    misses: 1,
    hitRate: 0.75,
    evictions: 2,
    size: 1,
    max: 2,
  });
  assert.equal(cacheFigures()['test.figures']!.hitRate, null, 'a new interval: no lookup yet');
  // a second app in the same process shares the counters under one name
  cacheCounter('test.figures', { max: 2, size: () => entries.size }).miss();
  assert.equal(cacheFigures()['test.figures']!.misses, 1);
});

test('the kit logs one line of hit rates per interval, only for the caches that were used', async () => {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) };
  cacheFigures({ reset: true });
  const used = cacheCounter('test.used', { max: 10, size: () => 3 });
  cacheCounter('test.idle', { max: 10, size: () => 0 });
  const stop = logCacheFigures(log as unknown as FastifyBaseLogger, 20);
  used.hit();
  used.miss();
  await new Promise((r) => setTimeout(r, 50));
  stop();
  assert.ok(lines.length >= 1);
  assert.equal(lines[0]!.msg, 'cache hit rates');
  const caches = lines[0]!.obj.caches as Record<string, { hitRate: number; size: number }>;
  assert.deepEqual(Object.keys(caches), ['test.used']);
  assert.equal(caches['test.used']!.hitRate, 0.5);
  assert.equal(caches['test.used']!.size, 3);
  assert.equal(lines.length, 1, 'nothing looked up since: no second line');
});
