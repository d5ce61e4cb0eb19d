// Which portal user a driver record links to when fleet's read model holds several live users with its email (a
// copy whose deletion never reached fleet): the newest account, whatever order the read model returns them in. A
// stale copy winning moved the demo driver's link to a deleted account, and the driver lost his orders and scans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { linkFor } from '../../src/domain/driver-links.js';

test('several live driver users with the email: the newest account (ObjectId order) is linked', () => {
  const stale = { userId: '6b0978182c4f3cae87ad4cb8', email: 'd@x.test', role: Role.Driver };
  const older = { userId: '6b097afa2c4f3cae87ad4cfb', email: 'd@x.test', role: Role.Driver };
  const current = { userId: '6b098d9a2c4f3cae87ad516b', email: 'd@x.test', role: Role.Driver };
  for (const users of [
    [stale, older, current],
    [current, stale, older],
    [older, current, stale],
  ])
    assert.equal(linkFor('d@x.test', users)?.userId, current.userId);
  // a newer account that is deleted, or not a driver, is not linked
  const gone = { userId: '6b0a00000000000000000000', email: 'd@x.test', role: Role.Driver, deleted: true };
  const admin = { userId: '6b0a00000000000000000001', email: 'd@x.test', role: Role.Admin };
  assert.equal(linkFor('d@x.test', [stale, gone, admin, current])?.userId, current.userId);
});
