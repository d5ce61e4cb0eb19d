import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedWorker } from '../src/uploads/bounded-worker.js';

const file = new URL('./fixtures/long-worker.ts', import.meta.url);

test('a long-lived reader stays while tasks keep coming and is ended after idleMs without one', async () => {
  const reader = boundedWorker<number>({ file, maxHeapMb: 64, timeoutMs: 10_000, idleMs: 300 });
  try {
    const first = await reader.run({});
    assert.equal(await reader.run({}), first, 'the same thread answers tasks in a row');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await reader.run({}), first, 'a pause shorter than idleMs keeps it');
    await new Promise((r) => setTimeout(r, 700));
    const next = await reader.run({});
    assert.notEqual(next, first, 'after idleMs without a task the worker was ended; a fresh one answers');
  } finally {
    await reader.close();
  }
});

test('without idleMs the reader is kept however long it waits', async () => {
  const reader = boundedWorker<number>({ file, maxHeapMb: 64, timeoutMs: 10_000 });
  try {
    const first = await reader.run({});
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await reader.run({}), first);
  } finally {
    await reader.close();
  }
});
