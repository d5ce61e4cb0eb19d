import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects, type VehicleServiceDueData } from '@portal/contracts';
import { mailbox, waitFor } from '@portal/service-kit/testing';
import { serviceDueMails, serviceDueSubject } from '../src/domain/service-due-mail.js';
import { runTag, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const tag = runTag();
const alert = (key: string): VehicleServiceDueData => ({
  vehicleId: `veh-${tag}`,
  name: 'Sprinter <7>',
  lic: 'OIL-1',
  kind: 'oil',
  label: 'Oil change due (3,600 mi since last)',
  mileage: 13_600,
  milesSince: 3600,
  key,
  recipients: [`admin-a-${tag}@test.portal`, ` Admin-B-${tag}@test.portal`],
});

test('the rule: one mail per staff recipient, the job id names the crossing (not the event)', () => {
  const env = (id: string) => ({
    id,
    type: Subjects.vehicleServiceDue,
    version: 1,
    time: '',
    source: 'fleet',
    data: alert('oil@10000'),
  });
  const first = serviceDueMails(env('e1'), 'http://portal.test/');
  assert.deepEqual(
    first.map((o) => o.job.kind === 'raw' && o.job.to),
    [`admin-a-${tag}@test.portal`, `admin-b-${tag}@test.portal`],
  );
  assert.deepEqual(
    serviceDueMails(env('e2'), 'http://portal.test').map((o) => o.jobId),
    first.map((o) => o.jobId),
  );
  const html = first[0]!.job.kind === 'raw' ? first[0]!.job.html : '';
  assert.match(html, /Sprinter &lt;7&gt;/);
  assert.match(html, /href="http:\/\/portal\.test\/dashboard\/fleetmanager\?due=true"/);
  assert.equal(
    serviceDueSubject(alert('k')),
    'Service due: Sprinter <7> — Oil change due (3,600 mi since last)',
  );
});

test('fleet.vehicle.service-due.v1 → the admins get one mail each, even when the crossing is announced twice', async () => {
  const since = Date.now();
  await app.bus.publish(Subjects.vehicleServiceDue, alert('oil@10000'), { source: 'fleet' });
  await app.bus.publish(Subjects.vehicleServiceDue, alert('oil@10000'), { source: 'fleet' }); // a second event, same crossing
  const to = `admin-a-${tag}@test.portal`;
  const mail = await mailbox.waitForMailTo(to, serviceDueSubject(alert('')), { since });
  assert.match(mail.html, /Oil change due \(3,600 mi since last\)/);
  assert.match(mail.html, /13,600 mi/);
  await mailbox.waitForMailTo(`admin-b-${tag}@test.portal`, serviceDueSubject(alert('')), { since });
  await new Promise((r) => setTimeout(r, 3000)); // time for a wrong second mail to arrive
  const mine = await mailbox.find((m) => m.to.some((t) => t.includes(to)));
  assert.equal(mine.length, 1);
  // a new crossing (after the next oil change) is a new mail
  await app.bus.publish(Subjects.vehicleServiceDue, alert('oil@14100'), { source: 'fleet' });
  await waitFor(
    async () =>
      (await mailbox.find((m) => m.to.some((t) => t.includes(to)))).length === 2 ? true : undefined,
    20_000,
    300,
  );
});
