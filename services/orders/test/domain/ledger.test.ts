// The ledger's pure parts: canonical JSON, chaining, verification, diffs, image redaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalJson,
  diff,
  hashOf,
  nextEntry,
  redactImages,
  verifyChain,
} from '../../src/domain/ledger.js';

const by = { userId: 'u1', name: 'Ada Admin', role: 1 };
const at = new Date('2026-11-23T12:00:00Z');

function chain(n: number) {
  const h: ReturnType<typeof nextEntry>[] = [];
  for (let i = 0; i < n; i++)
    h.push(
      nextEntry(h, {
        at,
        by,
        source: 'form',
        action: i ? 'updated' : 'created',
        changes: [{ path: 'data.order.notes', from: `${i}`, to: `${i + 1}` }],
      }),
    );
  return h;
}

test('canonical JSON: key order and undefined do not change the bytes', () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } }),
    '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
  );
  assert.equal(canonicalJson({ a: 1, b: 2 }), canonicalJson({ b: 2, a: 1 }));
});

test('entries chain: seq from 1, first prevHash 64 zeros, each hash over the entry without it', () => {
  const h = chain(3);
  assert.deepEqual(
    h.map((e) => e.seq),
    [1, 2, 3],
  );
  assert.equal(h[0]!.prevHash, '0'.repeat(64));
  assert.equal(h[1]!.prevHash, h[0]!.hash);
  const { hash, ...body } = h[2]!;
  assert.equal(hashOf(body), hash);
  assert.match(hash, /^[0-9a-f]{64}$/);
});

test('verifyChain: intact, edited, removed, reordered, forged hash', () => {
  const table: [string, (h: ReturnType<typeof chain>) => unknown[], object][] = [
    ['intact', (h) => h, { ok: true, entries: 4 }],
    ['empty', () => [], { ok: true, entries: 0 }],
    [
      'edited change',
      (h) => h.map((e, i) => (i === 2 ? { ...e, changes: [] } : e)),
      { ok: false, entries: 4, brokenAt: 3 },
    ],
    [
      'edited author',
      (h) => h.map((e, i) => (i === 1 ? { ...e, by: { ...e.by, name: 'X' } } : e)),
      { ok: false, entries: 4, brokenAt: 2 },
    ],
    ['removed', (h) => [h[0], h[2], h[3]], { ok: false, entries: 3, brokenAt: 3 }],
    ['reordered', (h) => [h[0], h[2], h[1], h[3]], { ok: false, entries: 4, brokenAt: 3 }],
    [
      'rehashed but unlinked',
      (h) =>
        h.map((e, i) =>
          i === 1
            ? (() => {
                const { hash: _h, ...b } = { ...e, action: 'x' };
                return { ...b, hash: hashOf(b) };
              })()
            : e,
        ),
      { ok: false, entries: 4, brokenAt: 3 },
    ],
  ];
  for (const [name, change, expect] of table)
    assert.deepEqual(verifyChain(change(chain(4)) as never), expect, name);
});

test('diff names leaf paths; arrays compare whole; images are redacted', () => {
  assert.deepEqual(diff({ a: { b: 1, c: [1] } }, { a: { b: 2, c: [1], d: 'x' } }, 'data'), [
    { path: 'data.a.b', from: 1, to: 2 },
    { path: 'data.a.d', to: 'x' },
  ]);
  assert.deepEqual(diff({ a: 1 }, { a: 1 }), []);
  assert.deepEqual(
    redactImages([
      { path: 'data.order.signature.pickup.image', to: 'data:…' },
      { path: 'x', to: 1 },
    ]),
    [
      { path: 'data.order.signature.pickup.image', to: '[image]' },
      { path: 'x', to: 1 },
    ],
  );
});
