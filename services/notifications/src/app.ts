import { buildService, loadEnv, type Env } from '@portal/service-kit';
import { emailRoutes } from './routes/email.js';
import { failedMailRoutes } from './routes/failed-mail.js';
import { emailWorker } from './jobs/email.js';
import { accountMailConsumers } from './events/account-mails.js';
import { fleetMailConsumer } from './events/fleet-mails.js';
import { MailEnvSchema } from './env.js';

/**
 * Every email the portal sends: HTTP requests and accounts' events become `email` jobs (kit `app.jobs`), a
 * worker renders and sends them with the kit's mailer (`app.mailer`, the 'smtp' backend). No object storage.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  const mailEnv = loadEnv(overrides, MailEnvSchema);
  return buildService(
    {
      name: 'notifications',
      domain: 'notifications',
      backends: ['mongo', 'nats', 'redis', 'smtp'],
      routes: [emailRoutes, failedMailRoutes],
      consumers: [...accountMailConsumers, fleetMailConsumer],
      workers: [emailWorker(mailEnv)],
      env: MailEnvSchema,
    },
    overrides,
  );
}
