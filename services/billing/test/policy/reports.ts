import { Role } from '@portal/contracts';
import type { Policy } from '@portal/service-kit/testing';

const staff = [Role.SuperAdmin, Role.Admin];

/** The reports part's routes and who may call them (policy/index.ts joins every part's; routes.test.ts checks it). */
export const REPORTS_POLICY: Policy = {
  'GET /api/reports': staff,
  'POST /api/reports/timestamp': staff,
  'POST /api/orders/signaturereport': staff,
  'POST /api/reports/run': staff,
  'GET /api/reports/:id': staff,
  'POST /api/reports/:id/cancel': staff,
  'POST /api/reports/:id/retry': staff,
  'GET /api/reports/:id/download': staff,
  'GET /api/reports/schedules': staff,
  'POST /api/reports/schedules': staff,
  'DELETE /api/reports/schedules/:id': staff,
};
