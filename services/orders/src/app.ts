import { buildService, type Env } from '@portal/service-kit';
import { ordersRoutes } from './routes/orders.js';
import { consumers } from './events/index.js';
import './models/order.js';
import './models/member.js';

/** Orders (and, next, manifests, labels, check-in/out). Owns `portal_orders` and the ORDERS stream. */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'orders',
      domain: 'orders',
      routes: [ordersRoutes],
      // its stream and (next) outbox on NATS; no object store or mail yet: ready without MinIO or SMTP
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    overrides,
  );
}
