import type { Part, PartContext } from './part.js';

/** Issue 14, the schedule part (see services/routing/README.md). */
export const schedulePart = (_ctx: PartContext): Part => ({ routes: [] });
