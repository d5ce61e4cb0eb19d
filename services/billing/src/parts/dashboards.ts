import { dashboardRoutes } from '../routes/dashboards.js';
import type { Part } from './part.js';

/** The dashboards part (see part.ts): reads the projection and members, owns no model or consumer. */
export const dashboardsPart = (): Part => ({
  routes: [dashboardRoutes],
});
