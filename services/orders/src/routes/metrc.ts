import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part metrc: its routes (filled by that part). */
export const metrcRoutes: FastifyPluginAsyncTypebox = async () => {};
