// routing's /routes/find answers kept by orders (domain/route-days-cache.ts): asked once per zip and range, dropped
// by a route change, never kept when asked for around one, never kept when routing failed, at most KEPT_MS.
import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteFindMatch } from '@portal/contracts';
import {
  CHANGE_GRACE_MS,
  KEPT_ANSWERS,
  KEPT_MS,
  keptRoutes,
  routesChanged,
} from '../../src/domain/route-days-cache.js';

let clock = 0;
const now = () => clock;
let asked = 0;
const match = (name: string) => ({ name }) as unknown as RouteFindMatch;
const ask = (name: string) => async () => {
  asked++;
  return [match(name)];
};
const names = (r: RouteFindMatch[]) => r.map((m) => (m as unknown as { name: string }).name);

beforeEach(() => {
  // a change long ago: its grace is over, and nothing is kept from the test before
  clock = 1_000_000;
  routesChanged(0);
  asked = 0;
});

test('one call per zip and range: the second ask is answered from what was kept', async () => {
  assert.deepEqual(names(await keptRoutes('r 97001 d1 d1', ask('A'), now)), ['A']);
  clock += 1000;
  assert.deepEqual(names(await keptRoutes('r 97001 d1 d1', ask('B'), now)), ['A']);
  assert.equal(asked, 1);
  // another range (or zip, or routing) is another question
  assert.deepEqual(names(await keptRoutes('r 97001 d1 d2', ask('C'), now)), ['C']);
  assert.equal(asked, 2);
});

test('a route change drops every kept answer; what is asked within the grace after it is not kept', async () => {
  await keptRoutes('k', ask('old'), now);
  clock += 10;
  routesChanged(clock);
  // routing's own index follows the same event: an answer right after it may still be the old one
  assert.deepEqual(names(await keptRoutes('k', ask('maybe-old'), now)), ['maybe-old']);
  clock += CHANGE_GRACE_MS - 1;
  assert.deepEqual(names(await keptRoutes('k', ask('new'), now)), ['new']);
  clock += 1;
  assert.deepEqual(names(await keptRoutes('k', ask('newer'), now)), ['newer']);
  clock += 1;
  assert.deepEqual(names(await keptRoutes('k', ask('never'), now)), ['newer']);
  assert.equal(asked, 4);
});

test('a change while routing answers: that answer is not kept', async () => {
  const answer = await keptRoutes(
    'k',
    async () => {
      asked++;
      routesChanged(clock + 5); // the event arrives while the call is out
      return [match('during')];
    },
    now,
  );
  assert.deepEqual(names(answer), ['during']);
  clock += CHANGE_GRACE_MS + 10;
  assert.deepEqual(names(await keptRoutes('k', ask('after'), now)), ['after']);
  assert.equal(asked, 2);
});

test('without events an answer is kept KEPT_MS at most; a failure is never kept', async () => {
  await keptRoutes('k', ask('first'), now);
  clock += KEPT_MS - 1;
  assert.deepEqual(names(await keptRoutes('k', ask('x'), now)), ['first']);
  clock += 1;
  assert.deepEqual(names(await keptRoutes('k', ask('second'), now)), ['second']);
  const down = Object.assign(new Error('routing unavailable'), { status: 503 });
  await assert.rejects(
    keptRoutes('f', async () => Promise.reject(down), now),
    { status: 503 },
  );
  assert.deepEqual(names(await keptRoutes('f', ask('up'), now)), ['up']);
});

test('at most KEPT_ANSWERS: the oldest goes first', async () => {
  for (let i = 0; i <= KEPT_ANSWERS; i++) await keptRoutes(`z${i}`, ask(`a${i}`), now);
  asked = 0;
  assert.deepEqual(names(await keptRoutes(`z${KEPT_ANSWERS}`, ask('x'), now)), [`a${KEPT_ANSWERS}`]);
  assert.deepEqual(names(await keptRoutes('z1', ask('x'), now)), ['a1']);
  assert.equal(asked, 0);
  assert.deepEqual(names(await keptRoutes('z0', ask('again'), now)), ['again']);
  assert.equal(asked, 1);
});
