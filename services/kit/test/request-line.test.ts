import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestLine } from '../src/logging.js';

/** The request line is put together by hand: whatever a client sent must come out as the same JSON string. */
test('the request line escapes what the client wrote and keeps pino’s shape', () => {
  const lines: string[] = [];
  const line = new RequestLine('kitlog', 'info', { write: (l) => void lines.push(l) });
  const url = '/api/x?q="quoted"\\back\nnew\u2028line\u0001é';
  line.write('req-7', 'GET', url, undefined, 404, 0.4);
  line.write('req-8', 'POST', '/api/y', '/api/y', 200, 12.5);
  assert.equal(lines.length, 2);
  assert.ok(lines.every((l) => l.endsWith('}\n') && !l.slice(0, -1).includes('\n')));
  const [a, b] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(a!.url, url);
  assert.deepEqual(Object.keys(a!), [
    'level',
    'time',
    'service',
    'reqId',
    'method',
    'url',
    'status',
    'ms',
    'msg',
  ]);
  assert.deepEqual(
    { ...b, time: 0 },
    {
      level: 30,
      time: 0,
      service: 'kitlog',
      reqId: 'req-8',
      method: 'POST',
      url: '/api/y',
      route: '/api/y',
      status: 200,
      ms: 12.5,
      msg: 'request',
    },
  );
  assert.equal(new RequestLine('kitlog', 'warn', { write: () => undefined }).on, false);
  assert.equal(line.on, true);
});
