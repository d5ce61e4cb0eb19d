import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part signing: its routes (filled by that part). */
export const signingRoutes: FastifyPluginAsyncTypebox = async () => {};
