import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Messages } from '@portal/contracts';
import { ApiError } from '@portal/ui';
import { createApi } from '../src/api.js';

// A tiny server standing in for the edge; a fake window/localStorage records what the token rule does.
let server: Server;
let base = '';
const seen: { auth?: string; body?: string } = {};
const effects: string[] = [];
/** When the rule last reloaded this tab (sessionStorage portal.tokenRuleAt), as the fake storage answers it. */
let ruleAt: string | null = null;

before(async () => {
  server = createServer((req, res) => {
    seen.auth = req.headers.authorization;
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.body = body;
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/api/ok') return send(200, { data: { users: [] } });
      if (req.url === '/api/bad')
        return send(400, { message: 'That username and password combination is not valid', error: 'x' });
      if (req.url === '/api/expired') return send(401, { message: 'Unauthorized' });
      if (req.url === '/api/empty') return void res.writeHead(204).end();
      send(500, { error: 'boom' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(globalThis, {
    localStorage: { clear: () => effects.push('clear') },
    sessionStorage: {
      clear: () => effects.push('clear session'),
      getItem: (k: string) => (k === 'portal.tokenRuleAt' ? ruleAt : null),
      setItem: (k: string) => effects.push(`set ${k}`),
    },
    window: {
      alert: (m: string) => effects.push(`alert:${m}`),
      location: { origin: 'http://portal.test', assign: (u: string) => effects.push(`assign:${u}`) },
    },
  });
});
after(() => server.close());
beforeEach(() => (effects.length = 0));

test('sends the Bearer token and JSON, returns the parsed body', async () => {
  const api = createApi({ baseUrl: base, getToken: async () => 'tok-1' });
  assert.deepEqual(await api.post('/api/ok', { a: 1 }), { data: { users: [] } });
  assert.equal(seen.auth, 'Bearer tok-1');
  assert.equal(seen.body, '{"a":1}');
  assert.equal(await api.get('/api/empty'), undefined);
  assert.deepEqual(effects, []);
});

test('signed out: no Authorization header', async () => {
  await createApi({ baseUrl: base, getToken: async () => null }).get('/api/ok');
  assert.equal(seen.auth, undefined);
});

test("errors throw ApiError with the server's message and status, without the token rule", async () => {
  const api = createApi({ baseUrl: base, getToken: async () => 't' });
  await assert.rejects(
    api.post('/api/bad', {}),
    (e: unknown) => e instanceof ApiError && e.status === 400 && e.message === Messages.loginFailed,
  );
  await assert.rejects(
    api.get('/api/other'),
    (e: unknown) => e instanceof ApiError && e.status === 500 && e.message === 'boom',
  );
  assert.deepEqual(effects, []);
});

test('any 401: storage cleared, the spec alert, back to the origin — once for concurrent calls', async () => {
  const api = createApi({ baseUrl: base, getToken: async () => 'old' });
  const results = await Promise.allSettled([api.get('/api/expired'), api.del('/api/expired')]);
  assert.ok(
    results.every((r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 401),
  );
  assert.deepEqual(effects, [
    'clear',
    'clear session',
    `alert:${Messages.tokenInvalid}`,
    'set portal.tokenRuleAt',
    'assign:http://portal.test',
  ]);
});

test("a 401 again right after the rule's reload ends the Keycloak session instead of reloading into it again", async () => {
  // a fresh copy of the module: the rule runs once per page, and this is the reloaded page
  const fresh = (await import(`../src/api.js?reloaded=${Date.now()}`)) as typeof import('../src/api.js');
  fresh.onRepeatedTokenRule(() => effects.push('end keycloak session'));
  ruleAt = String(Date.now() - 5_000);
  try {
    const api = fresh.createApi({ baseUrl: base, getToken: async () => 'again' });
    await assert.rejects(api.get('/api/expired'), (e: unknown) => e instanceof ApiError && e.status === 401);
  } finally {
    ruleAt = null;
  }
  assert.deepEqual(effects, [
    'clear',
    'clear session',
    `alert:${Messages.tokenInvalid}`,
    'end keycloak session',
  ]);
});
