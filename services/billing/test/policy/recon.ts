import { Role } from '@portal/contracts';
import type { Policy } from '@portal/service-kit/testing';

/** The recon part's routes and who may call them (policy/index.ts joins every part's; routes.test.ts checks it). */
const STAFF = [Role.SuperAdmin, Role.Admin];
export const RECON_POLICY: Policy = {
  'POST /api/orders/reconciliation': STAFF,
  'GET /api/billing/vendors': STAFF,
  'GET /api/billing/compare': STAFF,
  'POST /api/billing/recon/print': STAFF,
  'GET /api/billing/invoice': STAFF,
};
