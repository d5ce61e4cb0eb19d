// The schedule's pure parts: the SSE reader (chunks split anywhere, CRLF, comments, ids), the backoff, the status
// sort of orders §2 and how a live event changes the day on screen (patched in place, or refetched).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffMs, sseReader, type SseEvent } from '../src/live/sse.js';
import { applyLive, isDay, replayNewer, sortByStatus } from '../src/pages/schedule/model.js';
import { order, route } from './schedule-fakes.js';

test('the SSE reader: events split across chunks, CRLF, comments, multi-line data and the last id', () => {
  const got: SseEvent[] = [];
  const r = sseReader((e) => got.push(e));
  const text =
    ': hello\r\nid: 7\r\nevent: order\r\ndata: {"a":\r\ndata: 1}\r\n\r\nid: 8\nevent: reset\ndata: x\n\n';
  for (const c of text.match(/[\s\S]{1,3}/g)!) r.push(c);
  assert.deepEqual(got, [
    { id: '7', event: 'order', data: '{"a":\n1}' },
    { id: '8', event: 'reset', data: 'x' },
  ]);
  assert.equal(r.lastId, '8');
  r.push('id: 9\n\n');
  assert.equal(got.length, 2, 'an event without data is not dispatched');
  assert.equal(r.lastId, '9');
});

test('backoff: 1 s doubling to 30 s, ±20 %', () => {
  assert.equal(
    backoffMs(1, () => 0.5),
    1000,
  );
  assert.equal(
    backoffMs(3, () => 0.5),
    4000,
  );
  assert.equal(
    backoffMs(20, () => 0.5),
    30000,
  );
  assert.equal(
    backoffMs(1, () => 0),
    800,
  );
  assert.equal(
    backoffMs(1, () => 1),
    1200,
  );
});

test('orders §2 status order: received, approved, picked up, in transit, delivered, exception, rejections', () => {
  const ids = sortByStatus([3, 6, 2, 7, 0, 5, 1, 4].map((s) => order(`s${s}`, { status: s }))).map(
    (o) => o.status,
  );
  assert.deepEqual(ids, [0, 1, 7, 2, 3, 4, 5, 6]);
});

test('a live event patches an order in place and re-sorts; anything that moves or leaves refetches', () => {
  const a = order('a', { status: 1 });
  const b = order('b', { status: 1 });
  const day = {
    day: '2026-11-26',
    routes: [route('r1', 'North', { layover: [a, b] })],
    warehouse: [],
    cursor: 3,
  };
  const ev = (o: typeof a | null, d = day.day) => ({ cursor: 4, day: d, id: 'b', order: o });
  const next = applyLive(day, ev({ ...b, status: 0, version: 2 }));
  assert.notEqual(next, 'refetch');
  if (next === 'refetch') return;
  assert.deepEqual(
    next.routes[0]!.sections.layover.map((o) => [o.id, o.status]),
    [
      ['b', 0],
      ['a', 1],
    ],
  );
  assert.equal(next.cursor, 4);
  assert.equal(applyLive(day, ev(null)), 'refetch', 'left the day');
  assert.equal(applyLive(day, ev({ ...b, route: 'r2', version: 2 })), 'refetch', 'moved route');
  assert.equal(applyLive(day, ev(order('new'))), 'refetch', 'a new order');
  assert.equal(applyLive(day, ev({ ...b, version: 0, status: 3 })), day, 'an older event changes nothing');
});

test('an answer older than a live event it crossed gets the event again; events it already has change nothing', () => {
  const b = order('b', { status: 1 });
  // the answer left before the change was applied: it still says status 1 at cursor 3
  const stale = {
    day: '2026-11-26',
    routes: [route('r1', 'North', { layover: [b] })],
    warehouse: [],
    cursor: 3,
  };
  const moved = { cursor: 4, day: stale.day, id: 'b', order: { ...b, status: 6, version: 2 } };
  const next = replayNewer(stale, [moved]);
  assert.notEqual(next, 'refetch');
  if (next === 'refetch') return;
  assert.equal(next.routes[0]!.sections.layover[0]!.status, 6, 'the newer state is back on top');
  assert.equal(next.cursor, 4);
  // an answer that already has it (cursor 4) is left as it is
  const fresh = { ...stale, cursor: 4 };
  assert.equal(replayNewer(fresh, [moved]), fresh);
  // an event that moves the order cannot be patched: the day is fetched again
  assert.equal(replayNewer(stale, [{ ...moved, order: { ...moved.order, route: 'r2' } }]), 'refetch');
});

test('?date= must be a real day', () => {
  assert.ok(isDay('2026-11-26'));
  assert.ok(!isDay('2026-13-40'));
  assert.ok(!isDay('tomorrow'));
  assert.ok(!isDay(null));
});
