import { buildService, type Env } from '@portal/service-kit';
import { ordersRoutes } from './routes/orders.js';

export async function buildApp(overrides?: Partial<Env>) {
  return buildService({ name: 'orders', domain: 'orders', routes: [ordersRoutes] }, overrides);
}
