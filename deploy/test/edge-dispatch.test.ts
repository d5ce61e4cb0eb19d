import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startPrivateEdge, type PrivateEdge } from './private-edge.ts';

/**
 * The edge's dispatch rules: a private nginx rendered by deploy/local/nginx/render.mjs on free ports, with
 * stand-ins for routing and orders that say who answered, so each rule is seen from the outside: routes.json's
 * exact path /api/orders/schedule reaches routing (not orders), the public search is cached by nginx (second
 * answer `X-Cache-Status: HIT`, the service called once), the live stream is not buffered, and a tracking token
 * never reaches the access log. Independent of the running stack.
 */

const hits: Record<string, number> = {};
function standIn(name: string): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    hits[`${name} ${path}`] = (hits[`${name} ${path}`] ?? 0) + 1;
    if (path === '/api/schedule/live') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('id: 1\nevent: order\ndata: {"n":1}\n\n');
      setTimeout(() => res.end('id: 2\nevent: order\ndata: {"n":2}\n\n'), 1500);
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (path === '/api/schedule/search') headers['cache-control'] = 'public, max-age=5';
    res.writeHead(200, headers);
    res.end(JSON.stringify({ served: name, url: req.url, n: hits[`${name} ${path}`] }));
  });
}

let edge: PrivateEdge;
let dir: string;
let base: string;
const servers: Server[] = [];
before(async () => {
  const [routing, orders] = [await freePort(), await freePort()];
  for (const [name, port] of [
    ['routing', routing],
    ['orders', orders],
  ] as const) {
    const s = standIn(name);
    await new Promise<void>((ok) => s.listen(port, '127.0.0.1', ok));
    servers.push(s);
  }
  edge = await startPrivateEdge('edge-dispatch', {
    ROUTING_PORT: String(routing),
    ORDERS_PORT: String(orders),
  });
  ({ dir, base } = edge);
});
after(() => {
  edge?.stop();
  for (const s of servers) s.close();
});

test('POST /api/orders/schedule (routes.json exact) reaches routing; the rest of /api/orders stays with orders', async () => {
  const r = (await (await fetch(`${base}/api/orders/schedule`, { method: 'POST', body: '{}' })).json()) as {
    served: string;
  };
  assert.equal(r.served, 'routing');
  const o = (await (await fetch(`${base}/api/orders/schedule2`, { method: 'POST', body: '{}' })).json()) as {
    served: string;
  };
  assert.equal(o.served, 'orders');
  for (const p of ['/api/schedule/x', '/api/track/x'])
    assert.equal(((await (await fetch(`${base}${p}`)).json()) as { served: string }).served, 'routing', p);
});

test('the public search is cached at the edge per full URI: MISS, then HIT without calling routing', async () => {
  const url = `${base}/api/schedule/search?q=trenton&days=mon,tue&page=1`;
  const first = await fetch(url);
  assert.equal(first.headers.get('x-cache-status'), 'MISS');
  assert.equal(first.headers.get('cache-control'), 'public, max-age=5');
  const body1 = await first.json();
  const second = await fetch(url);
  assert.equal(second.headers.get('x-cache-status'), 'HIT');
  assert.deepEqual(await second.json(), body1);
  assert.equal(hits['routing /api/schedule/search'], 1, 'routing answered once');
  // another query string is another entry
  const other = await fetch(`${base}/api/schedule/search?q=trenton&days=mon&page=1`);
  assert.equal(other.headers.get('x-cache-status'), 'MISS');
  // the security headers stay on cached answers
  assert.equal(second.headers.get('x-content-type-options'), 'nosniff');
});

test('the live stream is passed through unbuffered: the first event arrives before the stream ends', async () => {
  const started = Date.now();
  const res = await fetch(`${base}/api/schedule/live?day=2026-11-25`);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  const firstAfter = Date.now() - started;
  assert.match(Buffer.from(value!).toString(), /data: \{"n":1\}/);
  assert.ok(
    firstAfter < 1200,
    `first event after ${firstAfter} ms (the stand-in ends the stream at 1500 ms)`,
  );
  let rest = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    rest += Buffer.from(chunk.value).toString();
  }
  assert.match(rest, /data: \{"n":2\}/);
  const conf = readFileSync(join(dir, 'nginx.conf'), 'utf8');
  const live = conf.slice(conf.indexOf('location ^~ /api/schedule/live {'));
  assert.match(live.slice(0, 900), /proxy_buffering off;[\s\S]*proxy_read_timeout 1h;/);
});

test('a tracking token reaches no access-log line, and the tracking page sends no Referer', async () => {
  const token = 't1.AAAAAAAAAAAAsecret-looking.tagtagtag';
  await fetch(`${base}/api/track/${token}`);
  const page = await fetch(`${base}/dashboard/track?t=${token}`);
  assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
  await fetch(`${base}/api/schedule/x`); // a line that is logged, so the log is flushed past the two above
  await new Promise((ok) => setTimeout(ok, 200));
  const log = readFileSync(join(dir, 'nginx-access.log'), 'utf8');
  assert.match(log, /\/api\/schedule\/x/);
  assert.doesNotMatch(log, /secret-looking/);
});

test("a company's public orders link token reaches no access-log line, and its page sends no Referer", async () => {
  const token = 'PublicOrdersSecretLookingTokenxxxxxxxxxxxxx';
  await fetch(`${base}/api/orders/public?token=${token}`);
  const page = await fetch(`${base}/dashboard/publicorders?token=${token}`);
  assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
  await fetch(`${base}/api/schedule/y`); // a logged line, so the log is flushed past the two above
  await new Promise((ok) => setTimeout(ok, 200));
  const log = readFileSync(join(dir, 'nginx-access.log'), 'utf8');
  assert.match(log, /\/api\/schedule\/y/);
  assert.doesNotMatch(log, /PublicOrdersSecretLooking/);
});
