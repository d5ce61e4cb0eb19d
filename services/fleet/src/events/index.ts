import { accountsUsersConsumer } from './accounts-users.js';
import { snapshotRequests } from './snapshot-requests.js';
import { snapshotAnswers } from './dispatch-snapshot.js';

/**
 * What fleet consumes: accounts.user.* (the read model of users behind driver links and the alert recipients) and
 * orders.snapshot.requested.v1 (a reader filling its read model gets the current driver links again).
 * What it publishes is in publishes.ts, through the outbox on the Driver and Vehicle documents.
 */
export const consumers = [accountsUsersConsumer, ...snapshotRequests, ...snapshotAnswers];
