import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';

/** Issue 13, part manifests: its routes (filled by that part). */
export const manifestsRoutes: FastifyPluginAsyncTypebox = async () => {};
