import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheFigures } from '@portal/service-kit';
import { MonthCache, NameCache } from '../../src/domain/recon/month-cache.js';

/** A month cache over a version counter the test moves (the projection's apply bumps it in production). */
function versioned() {
  const versions = new Map<string, number>();
  const cache = new MonthCache(true, async (k) => versions.get(k) ?? 0);
  let reads = 0;
  const read = async () => {
    reads += 1;
    return [];
  };
  return { cache, versions, read, reads: () => reads };
}

test('a vendor-month is read once while its version stays; concurrent calls share the read', async () => {
  const { cache, read, reads } = versioned();
  await Promise.all([
    cache.get('V|2026-11', read),
    cache.get('V|2026-11', read),
    cache.get('V|2026-11', read),
  ]);
  assert.equal(reads(), 1);
  await cache.get('V|2026-11', read);
  assert.equal(reads(), 1, 'unchanged: kept, however long ago it was read');
  await cache.get('V|2026-12', read);
  assert.equal(reads(), 2, 'another month is its own read');
});

test('once the projection wrote one of its orders, the next call reads the vendor-month again', async () => {
  const { cache, versions, read, reads } = versioned();
  await cache.get('V|2026-11', read);
  versions.set('V|2026-11', 1);
  await cache.get('V|2026-11', read);
  assert.equal(reads(), 2, 'a moved counter: read again at once, not after a time');
  await cache.get('V|2026-11', read);
  assert.equal(reads(), 2);
  versions.set('V|2026-12', 4);
  await cache.get('V|2026-11', read);
  assert.equal(reads(), 2, "another month's write leaves it kept");
});

test('a failed read is not kept; off reads every time', async () => {
  const { cache } = versioned();
  await assert.rejects(cache.get('k', () => Promise.reject(new Error('down'))));
  let reads = 0;
  await cache.get('k', async () => (reads++, []));
  assert.equal(reads, 1);
  const off = new MonthCache(false, async () => 0);
  await off.get('k', async () => (reads++, []));
  await off.get('k', async () => (reads++, []));
  assert.equal(reads, 3);
});

test('the vendor-months kept are bounded: past 200 the least recently used go, whatever the callers ask for', async () => {
  const { cache, read, reads } = versioned();
  for (let i = 0; i < 250; i++) await cache.get(`V${i}|2026-11`, read);
  assert.equal(reads(), 250);
  await cache.get('V249|2026-11', read);
  assert.equal(reads(), 250, 'a recent month is still kept');
  await cache.get('V0|2026-11', read);
  assert.equal(reads(), 251, 'the oldest went to keep the bound');
  const figures = cacheFigures()['billing.recon.months']!;
  assert.ok(figures.size <= 200, `size ${figures.size}`);
  assert.ok(figures.evictions >= 50);
});

test('route and driver names: reused for the ttl, then answered stale while one read refreshes them', async () => {
  let t = 0;
  let reads = 0;
  const names = new NameCache(60_000, () => t);
  const read = async () => (reads++, 'North Loop');
  await Promise.all([names.get('route:r1', read), names.get('route:r1', read)]);
  assert.equal(reads, 1);
  t = 59_999;
  await names.get('route:r1', read);
  assert.equal(reads, 1);
  t = 60_000;
  assert.equal(await names.get('route:r1', read), 'North Loop', 'stale: answered at once');
  await names.get('route:r1', read);
  assert.equal(reads, 2, 'the refresh is one read');
});
