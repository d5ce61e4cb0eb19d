import { Type, type Static } from 'typebox';

/** What notifications reads on top of the kit's environment (defaults = deploy/local/env.sh). */
export const MailEnvSchema = Type.Object({
  SMTP_HOST: Type.String({ default: '127.0.0.1' }),
  SMTP_PORT: Type.Integer({ default: 2525 }),
  MAIL_FROM: Type.String({ default: 'Portal <no-reply@demo.portal>' }),
  FEEDBACK_TO: Type.String({ default: 'support@demo.portal' }),
  APP_URL: Type.String({ default: 'http://localhost:8080' }),
});
export type MailEnv = Static<typeof MailEnvSchema>;
