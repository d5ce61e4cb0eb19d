import type { Part, PartContext } from './part.js';

/** Issue 14, the maps part (see services/routing/README.md). */
export const mapsPart = (_ctx: PartContext): Part => ({ routes: [] });
