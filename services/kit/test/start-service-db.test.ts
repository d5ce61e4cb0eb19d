import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from '../testing/index.js';
import { buildThingApp } from './fixtures/thing-service.js';

/**
 * A test's app must open the test's own database: a build that drops the overrides opens the running portal's
 * `portal_<service>`, whose demo data the test's fixtures would empty (an orders suite's file once did).
 */
test('startService refuses an app that did not take the test database', async () => {
  const dropsOverrides = () => buildThingApp('kitdbguard', { models: false, backends: ['mongo'] });
  await assert.rejects(
    startService(dropsOverrides, { MONGO_DB: 'portal_kitdbguard_test' }),
    /opened portal_kitdbguard, not portal_kitdbguard_test: pass the overrides on/,
  );
  await assert.rejects(startService(dropsOverrides), /opened portal_kitdbguard: pass the overrides on/);
});

test('startService answers the app that opened the test database', async () => {
  const app = await startService(
    (o) => buildThingApp('kitdbguard', { models: false, backends: ['mongo'] }, o),
    { MONGO_DB: 'portal_kitdbguard_test' },
  );
  assert.equal((app as unknown as { mongo: { name: string } }).mongo.name, 'portal_kitdbguard_test');
  await app.close();
});
