import type { Policy } from '@portal/service-kit/testing';

/** The public part's routes and who may call them (routes.test.ts checks the whole table against every part's). */
export const PUBLIC_POLICY: Policy = {
  'GET /api/schedule/search': 'public',
  'GET /api/track/:token': 'public',
};
