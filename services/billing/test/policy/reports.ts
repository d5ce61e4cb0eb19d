import { Role } from '@portal/contracts';
import type { Policy } from '@portal/service-kit/testing';

/** The reports part's routes and who may call them (policy/index.ts joins every part's; routes.test.ts checks it). */
export const REPORTS_POLICY: Policy = {
  'GET /api/reports': [Role.SuperAdmin, Role.Admin],
  'POST /api/reports/timestamp': [Role.SuperAdmin, Role.Admin],
};
