import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part custody: its routes (filled by that part). */
export const custodyRoutes: FastifyPluginAsyncTypebox = async () => {};
