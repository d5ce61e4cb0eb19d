import type { Part, PartContext } from './part.js';

/** Issue 14, the public part (see services/routing/README.md). */
export const publicPart = (_ctx: PartContext): Part => ({ routes: [] });
