import type { Policy } from '@portal/service-kit/testing';
import { PROJECTION_POLICY } from './projection.js';
import { RECON_POLICY } from './recon.js';
import { REPORTS_POLICY } from './reports.js';
import { DASHBOARDS_POLICY } from './dashboards.js';

/** Every billing route and who may call it: the parts' tables joined (a part edits only its own file). */
export const POLICY: Policy = {
  ...PROJECTION_POLICY,
  ...RECON_POLICY,
  ...REPORTS_POLICY,
  ...DASHBOARDS_POLICY,
};
