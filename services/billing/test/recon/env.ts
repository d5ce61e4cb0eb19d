import { randomBytes } from 'node:crypto';

/** The recon tests' app: own database, own durables and queues, no start-up snapshot request. */
export const RECON_TEST_ENV = {
  MONGO_DB: 'portal_billing_recon_test',
  CONSUMER_SUFFIX: `recon${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
  QUEUE_PREFIX: 'portal-billing-recon-test',
  BILLING_SNAPSHOT: 'off',
  // every read sees what the test just wrote (month-cache.test.ts tests the cache itself)
  RECON_CACHE_MS: 0,
};
