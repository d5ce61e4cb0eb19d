import type { TProperties } from 'typebox';
import type { ConsumerDef, RoutePlugin } from '@portal/service-kit';
import type { RouteIndex } from '../domain/route-index.js';

/**
 * One part of routing (issue 14 was built in parallel parts, each owning its files): its route plugins, outbox
 * models, consumers and extra env vars. app.ts joins the parts; a part never edits another's files.
 */
export interface Part {
  routes: RoutePlugin[];
  models?: unknown[];
  consumers?: ConsumerDef<any>[];
  env?: TProperties;
}

/** What app.ts hands every part: this instance's route index (live routes, kept current by route events). */
export interface PartContext {
  index: RouteIndex;
}
