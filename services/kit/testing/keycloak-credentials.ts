// Second-factor credentials in the form Keycloak's admin API and realm import take them (a user's `credentials`):
// for tests that give a user an authenticator app or a registered security key without going through the browser.
import { randomBytes } from 'node:crypto';

/**
 * An authenticator app (TOTP) whose secret the test knows: Keycloak's default OTP policy (HMAC-SHA1, 6 digits, 30 s;
 * totp.ts computes its codes).
 */
export const otpCredential = (secret: string, userLabel?: string) => ({
  type: 'otp',
  ...(userLabel ? { userLabel } : {}),
  secretData: JSON.stringify({ value: secret }),
  credentialData: JSON.stringify({
    subType: 'totp',
    digits: 6,
    counter: 0,
    period: 30,
    algorithm: 'HmacSHA1',
  }),
});

/**
 * A registered security key (WebAuthn, no attestation) as Keycloak stores one: a public key and a credential id that
 * only Keycloak may ever show.
 */
export const securityKeyCredential = (
  userLabel: string,
  publicKey = 'pQECAyYgASFYIA',
  transports: string[] = ['usb'],
) => ({
  type: 'webauthn',
  userLabel,
  secretData: '{}',
  credentialData: JSON.stringify({
    aaguid: '00000000-0000-0000-0000-000000000000',
    credentialId: randomBytes(16).toString('base64url'),
    counter: 0,
    credentialPublicKey: publicKey,
    attestationStatementFormat: 'none',
    transports,
  }),
});
