import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';

/**
 * Receivers' tracking links (issue 14 "Live delivery tracking"): `{orderId, exp}` signed with HMAC-SHA256 over
 * TRACKING_SECRET. notifications signs one when it renders the In Transit mail; routing verifies it on
 * GET /api/track/:token. The token is the link's only secret: it never rides in an event, a job or a log line.
 *
 * Format: `t1.<base64url(JSON {o, e})>.<base64url(HMAC-SHA256(secret, "t1." + payload))>` — `o` the order's
 * database id, `e` the expiry in epoch milliseconds. The signature is compared in constant time, before the payload
 * is parsed; an expired, malformed or wrongly signed token verifies to null (the caller answers one 404 for all).
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

const mac = (secret: string, signed: string) => createHmac('sha256', secret).update(signed).digest();

function secretOf(secret: string | undefined): string {
  const s = secret ?? process.env.TRACKING_SECRET ?? DEV_TRACKING_SECRET;
  if (s.length < 16) throw new Error('TRACKING_SECRET must be at least 16 characters');
  return s;
}

/** Signs a tracking token for one order until `exp` (epoch ms). */
export function signTrackingToken(claims: TrackingClaims, secret?: string): string {
  if (!claims.orderId) throw new Error('signTrackingToken: orderId required');
  if (!Number.isFinite(claims.exp)) throw new Error('signTrackingToken: exp must be a number');
  const payload = Buffer.from(JSON.stringify({ o: claims.orderId, e: Math.floor(claims.exp) })).toString(
    'base64url',
  );
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
  if (typeof token !== 'string' || token.length > 512 || !token.startsWith(TRACKING_PREFIX)) return null;
  const parts = token.slice(TRACKING_PREFIX.length).split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return null;
  const [payload, sig] = parts as [string, string];
  const want = mac(secretOf(secret), `${TRACKING_PREFIX}${payload}`);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { o, e } = (claims ?? {}) as { o?: unknown; e?: unknown };
  if (typeof o !== 'string' || !o || typeof e !== 'number' || !Number.isFinite(e)) return null;
  if (e <= now) return null;
  return { orderId: o, exp: e };
}
