import type { Policy } from '@portal/service-kit/testing';

/** The maps part's routes and who may call them (routes.test.ts checks the whole table against every part's). */
export const MAPS_POLICY: Policy = {};
