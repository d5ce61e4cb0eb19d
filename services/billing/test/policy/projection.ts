import type { Policy } from '@portal/service-kit/testing';

/** The projection part's routes and who may call them (policy/index.ts joins every part's; routes.test.ts checks it). */
export const PROJECTION_POLICY: Policy = {};
