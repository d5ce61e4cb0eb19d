// The members read model is fed by two consumers at once: accounts' user facts and fleet's driver links. For a new
// driver both arrive within milliseconds, and each may be the one to insert the member: the other's upsert then hits
// the unique userId. Neither fact may be lost (a lost link leaves the driver unable to see or scan his orders).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Member } from '../../src/models/member.js';
import { applyDriverLink, applyUserFacts, memberOf } from '../../src/readmodels/members.js';
import { suiteEnv } from '../routes/order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('member-races'));
});
after(() => app?.close());

const oid = () => randomBytes(12).toString('hex');

test('a user event and a driver link of a new user applied at once: the member has both', async () => {
  const users = Array.from({ length: 12 }, () => ({ userId: oid(), driverId: oid() }));
  const at = new Date();
  await Promise.all(
    users.flatMap((u) => [
      applyUserFacts(
        { userId: u.userId, email: `${u.userId}@race.test`, role: Role.Driver, name: 'Dee' },
        at,
      ),
      applyDriverLink({ driverId: u.driverId, userId: u.userId }, true, at),
    ]),
  );
  for (const u of users) {
    const m = await memberOf(u.userId);
    assert.equal(m?.email, `${u.userId}@race.test`, 'the user facts are kept');
    assert.equal(m?.driverId, u.driverId, 'the driver link is kept');
  }
  await Member.deleteMany({ userId: { $in: users.map((u) => u.userId) } });
});
