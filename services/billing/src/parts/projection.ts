import type { Part } from './part.js';

/** Issue 15, the projection part (see part.ts). */
export const projectionPart = (): Part => ({
  routes: [],
});
