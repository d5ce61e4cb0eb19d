import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  DEV_TRACKING_SECRET,
  TRACKING_PREFIX,
  signTrackingToken,
  verifyTrackingToken,
} from '../src/tracking-token.js';

/** Tracking links: HMAC-SHA256 tokens that verify only untouched, unexpired and under their own secret. */
const SECRET = 'a-test-secret-of-some-length';
const NOW = Date.parse('2026-11-26T12:00:00Z');
const claims = { orderId: '6650a1b2c3d4e5f601234567', exp: NOW + 3600_000 };

test('a signed token verifies to its claims under the same secret', () => {
  const t = signTrackingToken(claims, SECRET);
  assert.ok(t.startsWith(TRACKING_PREFIX));
  assert.match(t, /^t1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'URL-safe, no padding');
  assert.deepEqual(verifyTrackingToken(t, SECRET, NOW), claims);
});

test('the default secret is the local one (TRACKING_SECRET unset)', () => {
  const saved = process.env.TRACKING_SECRET;
  delete process.env.TRACKING_SECRET;
  try {
    const t = signTrackingToken(claims);
    assert.deepEqual(verifyTrackingToken(t, DEV_TRACKING_SECRET, NOW), claims);
  } finally {
    if (saved !== undefined) process.env.TRACKING_SECRET = saved;
  }
});

test('an expired token is refused (exp is exclusive)', () => {
  const t = signTrackingToken(claims, SECRET);
  assert.equal(verifyTrackingToken(t, SECRET, claims.exp), null);
  assert.equal(verifyTrackingToken(t, SECRET, claims.exp + 1), null);
  assert.deepEqual(verifyTrackingToken(t, SECRET, claims.exp - 1), claims);
});

test('a token signed with another secret is refused', () => {
  const t = signTrackingToken(claims, 'another-secret-entirely');
  assert.equal(verifyTrackingToken(t, SECRET, NOW), null);
});

test('any tampering is refused: payload swapped, signature changed, parts missing, junk', () => {
  const t = signTrackingToken(claims, SECRET);
  const [, payload, sig] = t.split('.') as [string, string, string];
  // another order id with the first token's signature
  const other = signTrackingToken({ ...claims, orderId: '6650a1b2c3d4e5f601234568' }, SECRET);
  assert.equal(verifyTrackingToken(`t1.${other.split('.')[1]}.${sig}`, SECRET, NOW), null);
  // a later expiry packed by hand
  const exp = Buffer.alloc(4);
  exp.writeUInt32BE(Math.ceil((claims.exp + 9e9) / 1000));
  const longer = Buffer.concat([exp, Buffer.from(claims.orderId)]).toString('base64url');
  assert.equal(verifyTrackingToken(`t1.${longer}.${sig}`, SECRET, NOW), null);
  // every single-character change of the tag (the last character included: no unused-bit malleability)
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < sig.length; i++) {
    const c = alphabet[(alphabet.indexOf(sig[i]!) + 1) % 64]!;
    const changed = sig.slice(0, i) + c + sig.slice(i + 1);
    assert.equal(verifyTrackingToken(`t1.${payload}.${changed}`, SECRET, NOW), null, `tag char ${i}`);
  }
  for (const bad of [
    '',
    't1.',
    `t1.${payload}`,
    `t2.${payload}.${sig}`,
    `${t}.x`,
    `t1.${payload}.${sig}=`,
    'x'.repeat(600),
  ])
    assert.equal(verifyTrackingToken(bad, SECRET, NOW), null, JSON.stringify(bad.slice(0, 40)));
});

test('short enough for a URL path segment (Fastify maxParamLength 100)', () => {
  assert.ok(signTrackingToken(claims, SECRET).length <= 70, signTrackingToken(claims, SECRET));
  assert.ok(signTrackingToken({ ...claims, orderId: 'x'.repeat(40) }, SECRET).length < 100);
  assert.throws(() => signTrackingToken({ ...claims, orderId: 'x'.repeat(65) }, SECRET), /too long/);
});

test('a correctly signed payload of the wrong shape is refused', () => {
  const sign = (raw: Buffer) => {
    const p = raw.toString('base64url');
    const s = createHmac('sha256', SECRET).update(`t1.${p}`).digest().subarray(0, 16).toString('base64url');
    return `t1.${p}.${s}`;
  };
  const exp = Buffer.alloc(4);
  exp.writeUInt32BE(Math.ceil((NOW + 60_000) / 1000));
  assert.deepEqual(verifyTrackingToken(sign(Buffer.concat([exp, Buffer.from('x')])), SECRET, NOW), {
    orderId: 'x',
    exp: NOW + 60_000,
  });
  assert.equal(verifyTrackingToken(sign(exp), SECRET, NOW), null, 'no order id');
  assert.equal(verifyTrackingToken(sign(Buffer.from('abc')), SECRET, NOW), null, 'too short');
  assert.equal(
    verifyTrackingToken(sign(Buffer.concat([exp, Buffer.alloc(65, 120)])), SECRET, NOW),
    null,
    'too long',
  );
});

test('a too short secret is a configuration error', () => {
  assert.throws(() => signTrackingToken(claims, 'short'), /at least 16/);
});
