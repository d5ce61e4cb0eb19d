// TOTP codes for the local realm's demo staff user with a second factor (deploy/local/keycloak/realm-portal.json:
// mfa.admin@demo.portal, an OTP credential whose secret the tests know). Keycloak's OTP policy is its default:
// TOTP, HMAC-SHA1, 6 digits, 30 s; its HMAC key is the stored secret's UTF-8 bytes (the QR code shows them in base32).
import { Secret, TOTP } from 'otpauth';

/** The demo staff user (role 1, verified) who has TOTP configured; everyone else signs in without a code. */
export const MFA_USER = 'mfa.admin@demo.portal';
/** The secret of MFA_USER's OTP credential, as the realm import stores it. */
export const MFA_SECRET = 'PortalDemoMfaSecret1';

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromUTF8(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** The code an authenticator app shows now (or at `at`, ms) for `secret`. */
export function totpCode(secret = MFA_SECRET, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

const handedOut = new Map<string, string>();
/**
 * A code this process has not handed out before: Keycloak accepts each code once, so a second sign-in within the
 * same 30 s waits here for the next period's code (another process using the same user can still collide).
 */
export async function freshTotpCode(secret = MFA_SECRET): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (handedOut.get(secret) !== code) {
      handedOut.set(secret, code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A 6-digit code that is wrong now and in the neighbouring periods Keycloak also accepts (look-around 1). */
export function wrongTotpCode(secret = MFA_SECRET, at = Date.now()): string {
  const near = new Set([-1, 0, 1].map((d) => totpCode(secret, at + d * 30_000)));
  for (let n = 0; ; n++) {
    const code = String((Number(totpCode(secret, at)) + 1 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * The code an authenticator app shows now for a secret as Keycloak's set-up page prints it ("Unable to scan?":
 * base32, in groups separated by spaces), for a user who sets up TOTP in a test.
 */
export function totpCodeFromBase32(encoded: string, at = Date.now()): string {
  const secret = Secret.fromBase32(encoded.replace(/\s+/g, '').toUpperCase());
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
}
