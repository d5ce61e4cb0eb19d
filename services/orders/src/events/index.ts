import { accountsUsersConsumer } from './accounts-users.js';
import { accountsLicencesConsumer } from './accounts-licences.js';
import { accountsConfigConsumer } from './accounts-config.js';
import { accountsSnapshotConsumer } from '../readmodels/accounts-feed.js';
import { fleetDriverLinksConsumer } from './accounts-fleet-links.js';
import { snapshotAnswers } from './dispatch-snapshot.js';
import { billingReconConsumer } from './billing-recon.js';
import { driverScheduleConsumer } from './driver-schedule.js';

export { accountsFeed } from '../readmodels/accounts-feed.js';

/**
 * What orders consumes: accounts' users, licences and config into the read models (accounts-*.ts, readmodels/members,
 * licences, config), the snapshot pages that fill them when empty or stale (readmodels/accounts-feed.ts; its `accountsFeed`
 * plugin asks for them at start and is registered with the routes), and fleet's driver links onto the members.
 * What orders publishes goes through the outbox on the Order document (orders.order.*.v1).
 */
export const consumers = [
  accountsUsersConsumer,
  accountsLicencesConsumer,
  accountsConfigConsumer,
  accountsSnapshotConsumer,
  fleetDriverLinksConsumer,
  ...snapshotAnswers,
  billingReconConsumer,
  driverScheduleConsumer,
];
