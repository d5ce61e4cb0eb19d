import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  DEV_TRACKING_SECRET,
  TRACKING_PREFIX,
  signTrackingToken,
  verifyTrackingToken,
} from '../src/tracking-token.js';

/** Issue 14 tracking links: HMAC-SHA256 tokens that verify only untouched, unexpired and under their own secret. */
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

test('any tampering is refused: payload swapped, signature flipped, parts missing, junk', () => {
  const t = signTrackingToken(claims, SECRET);
  const [, payload, sig] = t.split('.') as [string, string, string];
  // another order id with the first token's signature
  const other = signTrackingToken({ ...claims, orderId: '6650a1b2c3d4e5f601234568' }, SECRET);
  const otherPayload = other.split('.')[1]!;
  assert.equal(verifyTrackingToken(`t1.${otherPayload}.${sig}`, SECRET, NOW), null);
  // a later expiry re-encoded by hand
  const longer = Buffer.from(JSON.stringify({ o: claims.orderId, e: claims.exp + 9e9 })).toString(
    'base64url',
  );
  assert.equal(verifyTrackingToken(`t1.${longer}.${sig}`, SECRET, NOW), null);
  // one character of the signature changed
  const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
  assert.equal(verifyTrackingToken(`t1.${payload}.${flipped}`, SECRET, NOW), null);
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

test('a correctly signed payload of the wrong shape is refused', () => {
  const sign = (obj: unknown) => {
    const p = Buffer.from(JSON.stringify(obj)).toString('base64url');
    const s = createHmac('sha256', SECRET).update(`t1.${p}`).digest('base64url');
    return `t1.${p}.${s}`;
  };
  assert.ok(verifyTrackingToken(sign({ o: 'x', e: NOW + 1000 }), SECRET, NOW));
  assert.equal(verifyTrackingToken(sign({ o: '', e: NOW + 1000 }), SECRET, NOW), null);
  assert.equal(verifyTrackingToken(sign({ o: 'x', e: String(NOW + 1000) }), SECRET, NOW), null);
  assert.equal(verifyTrackingToken(sign(null), SECRET, NOW), null);
});

test('a too short secret is a configuration error', () => {
  assert.throws(() => signTrackingToken(claims, 'short'), /at least 16/);
});
