import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part labels: its routes (filled by that part). */
export const labelsRoutes: FastifyPluginAsyncTypebox = async () => {};
