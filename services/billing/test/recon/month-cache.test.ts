import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheFigures } from '@portal/service-kit';
import { MonthCache } from '../../src/domain/recon/month-cache.js';

test('concurrent reads of one vendor-month share one database read; it is reused for the ttl, then read again', async () => {
  let t = 0;
  let reads = 0;
  const cache = new MonthCache(5000, () => t);
  const read = async () => {
    reads += 1;
    return [];
  };
  await Promise.all([
    cache.get('V|2026-11', read),
    cache.get('V|2026-11', read),
    cache.get('V|2026-11', read),
  ]);
  assert.equal(reads, 1);
  t = 4999;
  await cache.get('V|2026-11', read);
  assert.equal(reads, 1);
  await cache.get('V|2026-12', read);
  assert.equal(reads, 2, 'another month is its own read');
  t = 5000;
  await cache.get('V|2026-11', read); // stale: answered at once, refreshed behind
  await cache.get('V|2026-11', read); // the refresh is one read
  assert.equal(reads, 3);
});

test('a failed read is not kept; 0 turns the cache off', async () => {
  const cache = new MonthCache(5000, () => 0);
  await assert.rejects(cache.get('k', () => Promise.reject(new Error('down'))));
  let reads = 0;
  await cache.get('k', async () => (reads++, []));
  assert.equal(reads, 1);
  const off = new MonthCache(0);
  await off.get('k', async () => (reads++, []));
  await off.get('k', async () => (reads++, []));
  assert.equal(reads, 3);
});

test('the vendor-months kept are bounded: past 200 the oldest go, whatever the callers ask for', async () => {
  const t = 0;
  const cache = new MonthCache(5000, () => t);
  let reads = 0;
  const read = async () => {
    reads += 1;
    return [];
  };
  for (let i = 0; i < 250; i++) await cache.get(`V${i}|2026-11`, read);
  assert.equal(reads, 250);
  await cache.get('V249|2026-11', read);
  assert.equal(reads, 250, 'a recent month is still kept');
  await cache.get('V0|2026-11', read);
  assert.equal(reads, 251, 'the oldest went to keep the bound');
  const figures = cacheFigures()['billing.recon.months']!;
  assert.ok(figures.size <= 200, `size ${figures.size}`);
  assert.ok(figures.evictions >= 50);
});
