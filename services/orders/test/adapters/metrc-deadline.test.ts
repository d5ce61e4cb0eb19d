// Metrc: a slow or failing Metrc must not tie up the sync queue. The run's signal (its total deadline and its
// cancellation) ends every call in flight, every backoff and every call waiting for a slot at once; the client's
// retry budget bounds the calls a failing Metrc gets from one run. Against the local stub, started in-process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { metrcClient, MetrcError } from '../../src/adapters/metrc/client.js';
import { startMetrcStub } from '../../../../deploy/local/metrc-stub/server.mjs';

type Stub = Awaited<ReturnType<typeof startMetrcStub>>;
let stub: Stub;
before(async () => {
  stub = await startMetrcStub({ port: 0, transfers: [], mongoUrl: '' });
});
after(() => stub?.close());

const client = (over = {}) =>
  metrcClient({ baseUrl: stub.url, vendorKey: 'vk', userKey: 'uk', backoffMs: 20, ...over });
const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps);

test('slower than the timeout: the run deadline ends every call, queued ones included, at the deadline', async () => {
  // a Metrc at 12 s a call against a 10 s timeout, scaled down 100x: 120 ms a call, 100 ms a try, a 1 s run
  stub.setMode({ mode: 'slow', delayMs: 120 });
  const run = new AbortController();
  const deadline = setTimeout(
    () => run.abort(new MetrcError('Metrc did not finish within 1 s', 'deadline')),
    1000,
  );
  const c = client({ timeoutMs: 100, retries: 3, concurrency: 2, retryBudget: 1000, signal: run.signal });
  const t0 = Date.now();
  const results = await settle(Array.from({ length: 20 }, (_, i) => c.deliveries(100000 + i)));
  const ms = Date.now() - t0;
  clearTimeout(deadline);
  // 20 calls of 4 tries of 100 ms, 2 at a time, would take seconds: well under that means the deadline ended
  // them (the slack is for a busy host's late timers, not a goal)
  assert.ok(ms < 2500, `over at the deadline, not after every call's retries (${ms} ms)`);
  const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as MetrcError).kind : 'answered'));
  assert.ok(
    reasons.every((k) => k === 'timeout' || k === 'deadline'),
    reasons.join(),
  );
  assert.ok(reasons.includes('deadline'));
  // counted as the client sends them: a call sent just before the deadline may reach the stub (in this process, on
  // a busy machine) only after every call has settled, which is not a call after the deadline
  const calls = c.stats().calls;
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(c.stats().calls, calls, 'no call after the deadline');
});

test('failing: the retry budget bounds the calls of a whole run (not retries x calls)', async () => {
  stub.setMode({ mode: 'failing' });
  const c = client({ retries: 3, retryBudget: 4, concurrency: 4 });
  const results = await settle(Array.from({ length: 20 }, (_, i) => c.packages(1000000 + i)));
  assert.ok(results.every((r) => r.status === 'rejected'));
  // each call tried once, plus the budget's retries (it was 20 x 4 = 80 calls before)
  assert.ok(stub.stats().calls <= 24, `calls: ${stub.stats().calls}`);
  assert.equal(c.stats().retries, 4);
});

test('cancelled: a call waiting for a slot, in flight or in its backoff stops at once with the reason', async () => {
  stub.setMode({ mode: 'slow', delayMs: 2000 });
  const run = new AbortController();
  const c = client({ timeoutMs: 5000, concurrency: 1, signal: run.signal });
  const calls = [c.deliveries(1), c.deliveries(2), c.deliveries(3)];
  await new Promise((r) => setTimeout(r, 100));
  const t0 = Date.now();
  run.abort(new MetrcError('Metrc answered 500 to /transfers/v1/outgoing', 'http', 500));
  const results = await settle(calls);
  assert.ok(Date.now() - t0 < 200, 'stopped at once');
  for (const r of results) {
    assert.equal(r.status, 'rejected');
    assert.match((r.reason as Error).message, /Metrc answered 500/);
  }
  assert.equal(c.stats().calls, 1, 'the two waiting calls never went out');
  stub.setMode({ mode: 'normal' });
});
