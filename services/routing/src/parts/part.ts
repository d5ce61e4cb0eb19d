import type { RouteIndex } from '../domain/route-index.js';

/** One part of routing (schedule, maps, weekly, public), each owning its files: the kit's ServicePart. */
export type { ServicePart as Part } from '@portal/service-kit';

/** What app.ts hands every part: this instance's route index (live routes, kept current by route events). */
export interface PartContext {
  index: RouteIndex;
}
