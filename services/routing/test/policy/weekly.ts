import { STAFF_ROLES } from '@portal/contracts';
import type { Policy } from '@portal/service-kit/testing';

/** The weekly part's routes and who may call them (routes.test.ts checks the whole table against every part's). */
export const WEEKLY_POLICY: Policy = {
  'GET /api/driverschedule': 'signed-in',
  'POST /api/driverschedule': 'signed-in',
  'GET /api/driverschedule/public': 'public',
  'POST /api/driverschedule/update': [...STAFF_ROLES],
  'POST /api/driverschedule/copy': [...STAFF_ROLES],
};
