import { deliveryDaysFor } from '../order-route-days.js';
import { checkRows } from './check.js';
import { writeBulkOrders } from './write.js';
import type { BulkPorts } from './run.js';

/** Where routing answers /routes/find: the service's ROUTING_URL (app.ts), else the local stack's port. */
export const routingUrlOf = (env: Record<string, unknown>) =>
  String(env.ROUTING_URL ?? `http://127.0.0.1:${process.env.ROUTING_PORT ?? '4103'}`);

/**
 * The rules as the upload runs them in the request: contracts' validateOrder over F's read models, and the route
 * days from routing with the uploader's own bearer header (which never leaves the request: a job only writes).
 */
export const checkPort = (
  authorization: string | undefined,
  routingUrl: string,
): Pick<BulkPorts, 'check'> => ({
  check: (rows, caller) =>
    checkRows(rows, caller, {
      routeDays: (zip, from, to) => deliveryDaysFor(zip, from, to, { routingUrl, authorization }),
    }),
});

/** The batch write (write.ts), the events' links to APP_URL. */
export const writePort = (appUrl: string): Pick<BulkPorts, 'write'> => ({
  write: (rows, caller) => writeBulkOrders(rows, caller, { appUrl }),
});
