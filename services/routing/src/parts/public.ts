import { TrackingEnvKey } from '@portal/service-kit';
import type { Part, PartContext } from './part.js';
import { searchRoutes } from '../routes/search.js';
import { trackRoutes } from '../routes/track.js';

/** The env of the public part: the key of receivers' tracking links (notifications signs, routing verifies). */
export const PublicEnv = { TRACKING_SECRET: TrackingEnvKey };

/**
 * The public part (see services/routing/README.md): GET /api/schedule/search (the public delivery
 * schedule search over the route index, cached at the edge) and GET /api/track/:token (a receiver's tracking link).
 */
export const publicPart = (ctx: PartContext): Part => ({
  routes: [searchRoutes(ctx.index), trackRoutes],
  env: PublicEnv,
});
