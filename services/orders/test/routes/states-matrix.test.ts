// Every orders route (the whole app's route table) as a user staff have not verified yet and as a suspended user:
// the account-state columns of the role × endpoint matrix (the role columns are in each part's own test).
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertStateMatrix, startService, type StatePolicy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { suiteEnv } from './order-helpers.js';

/** A user under review may call no orders route: not even read an order of their licence. */
const STATES: StatePolicy = { allowUnverified: [] };

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('states'));
});
after(() => app.close());

test('state × endpoint: under review → 403 "under review" everywhere; suspended → reads pass, writes 403', () =>
  assertStateMatrix(app, STATES));
