import { accountsUsersConsumer } from './accounts-users.js';

/**
 * What fleet consumes: accounts.user.* (the read model of users behind driver links and the alert recipients).
 * What it publishes is in publishes.ts, through the outbox on the Driver and Vehicle documents.
 */
export const consumers = [accountsUsersConsumer];
