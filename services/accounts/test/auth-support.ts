import { waitFor } from '@portal/service-kit/testing';
import {
  deleteUser,
  findUserByEmail,
  keycloakFromEnv,
  passwordGrant,
  createUser,
} from '../src/lib/keycloak.js';

/** The SMTP sink's HTTP mailbox (INTERFACES §1). Read by recipient; never cleared (other suites use it). */
const MAILBOX = process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025';
export const kc = keycloakFromEnv(process.env);

interface MailSummary {
  id: string;
  to: string[];
  subject: string;
}
export interface Mail extends MailSummary {
  text: string;
  html: string;
}

/** The newest mail to `address` with `subject` (waits for the outbox → NATS → notifications → SMTP path). */
export async function mailTo(
  address: string,
  subject: string,
  after = 0,
  except: string[] = [],
): Promise<Mail> {
  return waitFor(
    async () => {
      const list = (await (await fetch(`${MAILBOX}/api/messages`)).json()) as (MailSummary & {
        date: string;
      })[];
      const hit = list.find(
        (m) =>
          m.subject === subject &&
          !except.includes(m.id) &&
          m.to.some((t) => t.toLowerCase().includes(address)) &&
          Date.parse(m.date) >= after - 1000,
      );
      return hit ? ((await (await fetch(`${MAILBOX}/api/messages/${hit.id}`)).json()) as Mail) : undefined;
    },
    45_000,
    300,
  );
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: Mail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
}

/** Keycloak users a suite created, deleted in after(). */
export class KeycloakCleanup {
  private emails = new Set<string>();
  add(email: string) {
    this.emails.add(email.toLowerCase());
  }
  async run() {
    for (const email of this.emails) {
      const u = await findUserByEmail(kc, email).catch(() => undefined);
      if (u) await deleteUser(kc, u.id).catch(() => undefined);
    }
  }
}

/** A Keycloak user made directly (role `user`, email verified: tokens need it), for the password and email suites. */
export async function makeKeycloakUser(email: string, password: string): Promise<string> {
  return createUser(kc, {
    email,
    password,
    roleName: 'user',
    firstName: 'Test',
    lastName: 'Auth',
    emailVerified: true,
  });
}

export const tokensFor = (email: string, password: string) => passwordGrant(kc, email, password);
