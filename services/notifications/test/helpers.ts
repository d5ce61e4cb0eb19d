import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';

export async function startApp(): Promise<FastifyInstance> {
  const app = await buildApp({ LOG_LEVEL: 'warn' });
  await app.ready();
  return app;
}
