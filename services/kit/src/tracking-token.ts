import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';

/**
 * Receivers' tracking links (Live delivery tracking): `{orderId, exp}` signed with HMAC-SHA256 over
 * TRACKING_SECRET. notifications signs one when it renders the In Transit mail; routing verifies it on
 * GET /api/track/:token. The token is the link's only secret: it never rides in an event, a job or a log line.
 *
 * Format (short enough for a URL path segment: ~64 characters for a 24-character id):
 * `t1.<base64url(exp seconds as uint32 BE | order id UTF-8)>.<base64url(HMAC-SHA256(secret, "t1." + payload)[0..16])>`
 * — the tag truncated to 128 bits (as RFC 4868 does for HMAC-SHA-256-128). The tag is compared in constant time
 * before the payload is read; an expired, malformed or wrongly signed token verifies to null (the caller answers
 * one 404 for all of them). Expiry has a one-second resolution.
 */
export const TRACKING_PREFIX = 't1.';

/** Local-stack secret, used only when TRACKING_SECRET is unset (deploy/local/env.sh sets the same value). */
export const DEV_TRACKING_SECRET = 'local-tracking-secret-8c1f0e9a4b7d2c65';

/** TRACKING_SECRET for the env schema of a service that signs or verifies links (notifications, routing). */
export const TrackingEnvKey = Type.String({ default: DEV_TRACKING_SECRET, minLength: 16 });

export interface TrackingClaims {
  /** The order's database id. */
  orderId: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

const TAG_BYTES = 16;
const MAX_ID_BYTES = 64;
const mac = (secret: string, signed: string) =>
  createHmac('sha256', secret).update(signed).digest().subarray(0, TAG_BYTES);

function secretOf(secret: string | undefined): string {
  const s = secret ?? process.env.TRACKING_SECRET ?? DEV_TRACKING_SECRET;
  if (s.length < 16) throw new Error('TRACKING_SECRET must be at least 16 characters');
  return s;
}

/** Signs a tracking token for one order until `exp` (epoch ms). */
export function signTrackingToken(claims: TrackingClaims, secret?: string): string {
  if (!claims.orderId) throw new Error('signTrackingToken: orderId required');
  if (!Number.isFinite(claims.exp)) throw new Error('signTrackingToken: exp must be a number');
  const id = Buffer.from(claims.orderId, 'utf8');
  if (id.length > MAX_ID_BYTES) throw new Error('signTrackingToken: orderId too long');
  const exp = Buffer.alloc(4);
  exp.writeUInt32BE(Math.min(0xffffffff, Math.max(0, Math.ceil(claims.exp / 1000))));
  const payload = Buffer.concat([exp, id]).toString('base64url');
  const signed = `${TRACKING_PREFIX}${payload}`;
  return `${signed}.${mac(secretOf(secret), signed).toString('base64url')}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a valid, unexpired token; null for anything else (tampered, wrong secret, expired, malformed).
 * `now` in epoch ms (tests pass their own clock).
 */
export function verifyTrackingToken(
  token: string,
  secret?: string,
  now: number = Date.now(),
): TrackingClaims | null {
  if (typeof token !== 'string' || token.length > 200 || !token.startsWith(TRACKING_PREFIX)) return null;
  const parts = token.slice(TRACKING_PREFIX.length).split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return null;
  const [payload, sig] = parts as [string, string];
  const want = mac(secretOf(secret), `${TRACKING_PREFIX}${payload}`);
  const got = Buffer.from(sig, 'base64url');
  // a non-canonical encoding (other unused low bits in the last character) is refused, not read as the same tag
  if (got.length !== want.length || got.toString('base64url') !== sig || !timingSafeEqual(got, want))
    return null;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < 5 || raw.length > 4 + MAX_ID_BYTES) return null;
  const e = raw.readUInt32BE(0) * 1000;
  const o = raw.subarray(4).toString('utf8');
  if (!o || e <= now) return null;
  return { orderId: o, exp: e };
}
