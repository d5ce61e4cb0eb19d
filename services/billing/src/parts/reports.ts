import { reportsRoutes } from '../routes/reports.js';
import type { Part } from './part.js';

/** Issue 15, the reports part (see part.ts). */
export const reportsPart = (): Part => ({
  routes: [reportsRoutes],
});
