import { codeIn, mailbox, testClient, type Mail } from '@portal/service-kit/testing';
import { Role } from '@portal/contracts';
import { KeycloakClient, keycloakFromEnv } from '../src/adapters/keycloak/index.js';
import { passwordGrant } from '../src/adapters/keycloak/tokens.js';

/**
 * The suites' Keycloak client: the services' admin client, and user tokens (password, refresh, sign-out) from the
 * local realm's confidential test client, whose tokens carry the browser's roles and audience.
 */
const { client_id, client_secret } = testClient();
export const kc = new KeycloakClient({
  ...keycloakFromEnv(process.env),
  clientId: client_id,
  clientSecret: client_secret,
});
export { codeIn, type Mail };

/**
 * The newest mail to `address` with `subject`, received since `after` (ms), skipping the `except` ids: the kit's
 * shared mailbox client, waiting for the outbox → NATS → notifications → SMTP path.
 */
export function mailTo(address: string, subject: string, after = 0, except: string[] = []): Promise<Mail> {
  return mailbox.waitForMailTo(address, subject, { since: after, except });
}

/** Keycloak users a suite created, deleted in after(). */
export class KeycloakCleanup {
  private emails = new Set<string>();
  add(email: string) {
    this.emails.add(email.toLowerCase());
  }
  async run() {
    for (const email of this.emails) {
      const u = await kc.findUserByEmail(email).catch(() => undefined);
      if (u) await kc.deleteUser(u.id).catch(() => undefined);
    }
  }
}

/** A Keycloak user made directly (role `user`, email verified: tokens need it), for the password and email suites. */
export async function makeKeycloakUser(email: string, password: string): Promise<string> {
  return kc.createUser({
    email,
    password,
    role: Role.User,
    firstName: 'Test',
    lastName: 'Auth',
    emailVerified: true,
  });
}

/** A user's tokens by password grant on the test client (accounts itself runs none on a client services accept). */
export const tokensFor = (email: string, password: string) =>
  passwordGrant(kc.settings, email, password, 'openid profile email');
