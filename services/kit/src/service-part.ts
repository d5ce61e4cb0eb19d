import type { TProperties } from 'typebox';
import type { ConsumerDef } from './consumers.js';
import type { RoutePlugin } from './build-service.js';

/**
 * One part of a service that grew in parts, each owning its files (billing: projection, recon, reports, dashboards;
 * routing: schedule, maps, weekly, public): its route plugins, outbox models, consumers and extra env vars. The
 * service's app.ts joins its parts into one buildService call; a part never edits another's files.
 */
export interface ServicePart {
  routes: RoutePlugin[];
  models?: unknown[];
  consumers?: ConsumerDef<any>[];
  env?: TProperties;
}
