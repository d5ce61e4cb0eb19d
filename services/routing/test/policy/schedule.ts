import type { Policy } from '@portal/service-kit/testing';

/** The schedule part's routes and who may call them (routes.test.ts checks the whole table against every part's). */
export const SCHEDULE_POLICY: Policy = {
  'POST /api/orders/schedule': [0, 1, 2],
  'GET /api/schedule/live': [0, 1, 2],
};
