import { Type, type Static } from 'typebox';
import { SealEnvKey, SmtpEnvSchema, TrackingEnvKey } from '@portal/service-kit';

/**
 * What notifications reads on top of the kit's environment (defaults = deploy/local/env.sh): the kit's SMTP keys
 * (SMTP_*, MAIL_FROM: the 'smtp' backend) and its own.
 */
export const MailEnvSchema = Type.Object({
  ...SmtpEnvSchema.properties,
  /** Retry schedule of a mail: exponential from the base, capped, for at least MAIL_RETRY_FOR_MS in total. */
  MAIL_BACKOFF_BASE_MS: Type.Integer({ default: 5_000, minimum: 10 }),
  MAIL_BACKOFF_CAP_MS: Type.Integer({ default: 600_000, minimum: 10 }),
  MAIL_RETRY_FOR_MS: Type.Integer({ default: 25 * 3600_000, minimum: 100 }),
  /** Opens the sealed pins/codes of accounts' events at send time (same key as accounts). */
  EVENT_SEAL_KEY: SealEnvKey,
  FEEDBACK_TO: Type.String({ default: 'support@demo.portal' }),
  APP_URL: Type.String({ default: 'http://localhost:8080' }),
  /** Signs the receivers' tracking links of the In Transit mail at send time (routing verifies). */
  TRACKING_SECRET: TrackingEnvKey,
});
export type MailEnv = Static<typeof MailEnvSchema>;
