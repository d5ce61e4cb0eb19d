import { buildService, loadEnv, type Env } from '@portal/service-kit';
import { emailRoutes } from './routes/email.js';
import { failedMailRoutes } from './routes/failed-mail.js';
import { emailWorker } from './jobs/email.js';
import { accountMailConsumers } from './events/account-mails.js';
import { fleetMailConsumer } from './events/fleet-mails.js';
import { orderMailConsumer } from './events/order-mails.js';
import { MailEnvSchema } from './env.js';

/**
 * Every email the portal sends: HTTP requests and accounts' events become `email` jobs (kit `app.jobs`), a
 * worker renders and sends them with the kit's mailer (`app.mailer`, the 'smtp' backend). No object storage.
 */
const BACKENDS = ['mongo', 'nats', 'redis', 'smtp'] as const;

export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  // the worker's env, checked against what these backends need in production (no S3 keys: no object storage)
  const mailEnv = loadEnv(overrides, MailEnvSchema, BACKENDS);
  return buildService(
    {
      name: 'notifications',
      domain: 'notifications',
      backends: [...BACKENDS],
      routes: [emailRoutes, failedMailRoutes],
      consumers: [...accountMailConsumers, fleetMailConsumer, orderMailConsumer],
      workers: [emailWorker(mailEnv)],
      env: MailEnvSchema,
    },
    overrides,
  );
}
