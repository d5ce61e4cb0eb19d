import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';

// The same few lines in orders, routing, fleet and billing until the kit's testing entry offers one start helper
// (asked for in issue 10's "four identical stub test helpers become one").
/** The service on its own test database, so test rows never show up in the demo data a person sees. */
export async function startApp(): Promise<FastifyInstance> {
  const app = await buildApp({ LOG_LEVEL: 'warn', MONGO_DB: 'portal_billing_test' });
  await app.ready();
  return app;
}
