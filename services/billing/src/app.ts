import { buildService, type Env } from '@portal/service-kit';
import { reportsRoutes } from './routes/reports.js';

export async function buildApp(overrides?: Partial<Env>) {
  return buildService({ name: 'billing', domain: 'billing', routes: [reportsRoutes] }, overrides);
}
