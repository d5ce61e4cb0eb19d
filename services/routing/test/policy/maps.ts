import type { Policy } from '@portal/service-kit/testing';

/** The maps part's routes and who may call them (routes.test.ts checks the whole table against every part's). */
export const MAPS_POLICY: Policy = {
  'GET /api/maps/config': [0, 1, 2],
  'GET /api/maps/:id': [0, 1, 2],
  'POST /api/maps/update': [0, 1, 2],
  'POST /api/maps/geocode': [0, 1, 2],
  'POST /api/maps/directions': [0, 1, 2],
};
