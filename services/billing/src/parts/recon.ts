import type { Part } from './part.js';

/** Issue 15, the recon part (see part.ts). */
export const reconPart = (): Part => ({
  routes: [],
});
