import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part scan: its routes (filled by that part). */
export const scanRoutes: FastifyPluginAsyncTypebox = async () => {};
