import { Role } from '@portal/contracts';
import type { Policy } from '@portal/service-kit/testing';

/** The dashboards part's routes and who may call them (policy/index.ts joins every part's; routes.test.ts checks it). */
export const DASHBOARDS_POLICY: Policy = {
  'GET /api/billing/dashboard/operations': [Role.SuperAdmin, Role.Admin],
  'GET /api/billing/dashboard/vendor': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'GET /api/billing/dashboard/vendor/export': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
};
