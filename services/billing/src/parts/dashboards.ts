import type { Part } from './part.js';

/** Issue 15, the dashboards part (see part.ts). */
export const dashboardsPart = (): Part => ({
  routes: [],
});
