import { Type, type Static } from 'typebox';
import { SealEnvKey } from '@portal/service-kit';

/** What notifications reads on top of the kit's environment (defaults = deploy/local/env.sh). */
export const MailEnvSchema = Type.Object({
  SMTP_HOST: Type.String({ default: '127.0.0.1' }),
  SMTP_PORT: Type.Integer({ default: 2525 }),
  /** Credentials of the production relay; both empty = no AUTH (the local sink). */
  SMTP_USER: Type.String({ default: '' }),
  SMTP_PASS: Type.String({ default: '' }),
  /** `starttls` (upgrade required, port 587), `tls` (implicit, port 465) or `none` (local sink only). */
  SMTP_TLS: Type.Union([Type.Literal('none'), Type.Literal('starttls'), Type.Literal('tls')], {
    default: 'none',
  }),
  /** PEM CA bundle for a relay with a private CA; empty = the system's CAs. */
  SMTP_CA_FILE: Type.String({ default: '' }),
  /** Timeouts of one send (ms); their sum stays below the kit's SHUTDOWN_GRACE_MS (test/schedule.test.ts). */
  SMTP_CONNECTION_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  SMTP_GREETING_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  SMTP_SOCKET_TIMEOUT_MS: Type.Integer({ default: 20_000, minimum: 100 }),
  /** Retry schedule of a mail: exponential from the base, capped, for at least MAIL_RETRY_FOR_MS in total. */
  MAIL_BACKOFF_BASE_MS: Type.Integer({ default: 5_000, minimum: 10 }),
  MAIL_BACKOFF_CAP_MS: Type.Integer({ default: 600_000, minimum: 10 }),
  MAIL_RETRY_FOR_MS: Type.Integer({ default: 25 * 3600_000, minimum: 100 }),
  /** Opens the sealed pins/codes of accounts' events at send time (same key as accounts). */
  EVENT_SEAL_KEY: SealEnvKey,
  MAIL_FROM: Type.String({ default: 'Portal <no-reply@demo.portal>' }),
  FEEDBACK_TO: Type.String({ default: 'support@demo.portal' }),
  APP_URL: Type.String({ default: 'http://localhost:8080' }),
});
export type MailEnv = Static<typeof MailEnvSchema>;
