// Limits of the public routes that a client cannot dodge, and a forgot-password that tells nobody which addresses
// have accounts: X-Forwarded-For from a peer that is not the edge counts for nothing (RATE_LIMIT_FAIL_ADDRESS_MAX
// requests per address, then 429); forgot-password answers a known and an unknown address alike (status, body,
// time). Real stack: Keycloak, Redis, FerretDB, NATS, mailbox.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
import { startApp } from './helpers.js';
import { KeycloakCleanup, makeKeycloakUser, mailTo, codeIn } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const known = `limits-${stamp}@test.portal`;
const MAX = Number(process.env.RATE_LIMIT_FAIL_ADDRESS_MAX ?? 30);

before(async () => {
  app = await startApp();
  cleanup.add(known);
  await makeKeycloakUser(known, 'First!2345');
});
after(async () => {
  await cleanup.run();
  await app.close();
});

/** A client address of its own for each test (TEST-NET-2/3), so no other test's failures count. */
const freshAddress = () =>
  `198.51.${100 + Math.floor(Math.random() * 100)}.${1 + Math.floor(Math.random() * 250)}`;
/** Forgot-password counts every request per client address across accounts (the kit's failure limit). */
const forgot = (email: string, remoteAddress: string, xff?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgotPassword',
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
    payload: { email },
  });

// Password guessing and spraying on the sign-in itself are Keycloak's page's now (its brute-force detection); the
// portal's public routes keep the per-address limits below, counted on the real peer.
test('X-Forwarded-For from an address that is not the edge is ignored: a new header each try does not help', async () => {
  const from = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const codes: number[] = [];
  for (let i = 0; i < MAX + 5; i++) {
    const spoofed = `10.${i % 250}.${Math.floor(Math.random() * 250)}.${1 + (i % 250)}`;
    codes.push((await forgot(`xff-${stamp}-${i}@test.portal`, from, spoofed)).statusCode);
  }
  assert.deepEqual(codes.slice(MAX), Array(5).fill(429), 'counted on the real peer');
  const held = await forgot(known, from);
  assert.equal(held.statusCode, 429);
  assert.match(held.json().message, /^Too many requests\. Please try again in/);
});

test('forgot-password answers a known and an unknown email identically (status, body, time)', async () => {
  const ask = async (email: string) => {
    const t0 = process.hrtime.bigint();
    const r = await app.inject({
      method: 'POST',
      url: '/api/auth/forgotPassword',
      remoteAddress: freshAddress(),
      payload: { email },
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    // a known address's mail is prepared after the answer: let it finish before the next timing
    await new Promise((r) => setTimeout(r, 400));
    return { status: r.statusCode, body: r.json(), ms };
  };
  const started = Date.now();
  const a = [await ask(known), await ask(`nobody-${stamp}@test.portal`)];
  const b = [await ask(known), await ask(`nobody2-${stamp}@test.portal`)];
  for (const [k, u] of [a, b]) {
    assert.equal(u!.status, k!.status);
    assert.deepEqual(u!.body, k!.body);
  }
  assert.deepEqual(a[0]!.body, { emailSent: true, message: Messages.forgotSent });
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const knownMs = median([a[0]!.ms, b[0]!.ms, (await ask(known)).ms]);
  const unknownMs = median([a[1]!.ms, b[1]!.ms, (await ask(`nobody3-${stamp}@test.portal`)).ms]);
  assert.ok(Math.abs(knownMs - unknownMs) < 100, `known ${knownMs} ms, unknown ${unknownMs} ms`);
  // and the known address really gets its code
  assert.ok(codeIn(await mailTo(known, 'Reset your password', started)));
});

test('forgot-password: one address asking for many different emails is held after the limit', async () => {
  const from = freshAddress();
  const codes: number[] = [];
  for (let i = 0; i < MAX + 3; i++) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/auth/forgotPassword',
      remoteAddress: from,
      payload: { email: `many-${stamp}-${i}@test.portal` },
    });
    codes.push(r.statusCode);
  }
  assert.deepEqual(codes.slice(MAX), [429, 429, 429], codes.join(' '));
  assert.ok(codes.slice(0, MAX).every((c) => c === 200));
});
