import { buildService, loadEnv, type Env } from '@portal/service-kit';
import { emailRoutes } from './routes/email.js';
import { failedMailRoutes } from './routes/failed-mail.js';
import { emailWorker } from './jobs/email.js';
import { userVerifiedConsumer } from './events/user-verified.js';
import { accountMailConsumers } from './events/account-mails.js';
import { createMailer } from './mailer.js';
import { MailEnvSchema } from './env.js';

/** Every email the portal sends: HTTP requests and events become `email` jobs, a worker sends them over SMTP. */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  const mailEnv = loadEnv(overrides, MailEnvSchema);
  const mailer = createMailer(mailEnv);
  const app = await buildService(
    {
      name: 'notifications',
      domain: 'notifications',
      routes: [emailRoutes, failedMailRoutes],
      consumers: [userVerifiedConsumer, ...accountMailConsumers],
      workers: [emailWorker(mailer, mailEnv)],
      env: MailEnvSchema,
    },
    overrides,
  );
  app.addHook('onClose', async () => mailer.close());
  return app;
}
