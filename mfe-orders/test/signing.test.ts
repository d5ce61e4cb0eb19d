// The signing pad's pure helpers: two at a time, every order reported, a failure never stops the rest;
// the back-to-In-Transit question asked once per run; comma lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { askOnce, runLimited, splitList } from '../src/signing/sign-queue.js';

test('runLimited: never more than 2 at once, progress after each, failures returned in place', async () => {
  let running = 0;
  let peak = 0;
  const seen: number[] = [];
  const out = await runLimited(
    [1, 2, 3, 4, 5],
    2,
    async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 * (6 - n)));
      running--;
      if (n === 3) throw new Error('no manifest');
      return n * 10;
    },
    (done) => seen.push(done),
  );
  assert.equal(peak, 2);
  assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  assert.deepEqual(
    out.map((r) => (r.ok ? r.value : 'x')),
    [10, 20, 'x', 40, 50],
  );
});

test('askOnce: two lanes needing the answer get one question', async () => {
  let asked = 0;
  const ask = askOnce(async () => (asked++, true));
  assert.deepEqual(await Promise.all([ask(), ask()]), [true, true]);
  assert.equal(asked, 1);
});

test('splitList: commas, semicolons and spaces; no empties; unique', () => {
  assert.deepEqual(splitList(' a@b.io, c@d.io;a@b.io  e@f.io ,'), ['a@b.io', 'c@d.io', 'e@f.io']);
  assert.deepEqual(splitList(''), []);
});
