import { buildService, loadEnv, type Env } from '@portal/service-kit';
import { emailRoutes } from './routes/email.js';
import { failedMailRoutes } from './routes/failed-mail.js';
import { emailWorker } from './jobs/email.js';
import { accountMailConsumers } from './events/account-mails.js';
import { fleetMailConsumer } from './events/fleet-mails.js';
import { orderMailConsumer } from './events/order-mails.js';
import { signedCopyConsumer } from './events/signed-copy-mails.js';
import { signedCopyWorker } from './jobs/signed-copy.js';
import { driverScheduleMailConsumer } from './events/driver-schedule-mails.js';
import { reportMailConsumer } from './events/report-mails.js';
import { reportMailWorker } from './jobs/report-mail.js';
import { MailEnvSchema } from './env.js';

/**
 * Every email the portal sends: HTTP requests and accounts' events become `email` jobs (kit `app.jobs`), a
 * worker renders and sends them with the kit's mailer (`app.mailer`, the 'smtp' backend); signed manifests are read from the object store to be attached.
 */
// 's3': the signed manifests mailed as attachments (read from orders' `manifests` bucket)
const BACKENDS = ['mongo', 'nats', 'redis', 'smtp', 's3'] as const;

export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  // the worker's env, checked against what these backends need in production
  const mailEnv = loadEnv(overrides, MailEnvSchema, BACKENDS);
  return buildService(
    {
      name: 'notifications',
      domain: 'notifications',
      backends: [...BACKENDS],
      routes: [emailRoutes, failedMailRoutes],
      consumers: [
        ...accountMailConsumers,
        fleetMailConsumer,
        orderMailConsumer,
        signedCopyConsumer,
        driverScheduleMailConsumer,
        reportMailConsumer,
      ],
      workers: [emailWorker(mailEnv), signedCopyWorker(mailEnv), reportMailWorker(mailEnv)],
      env: MailEnvSchema,
    },
    overrides,
  );
}
