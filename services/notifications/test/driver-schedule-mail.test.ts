import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects, type DriverScheduleChangedData } from '@portal/contracts';
import { mailbox } from '@portal/service-kit/testing';
import { changeSentence, driverScheduleMails, scheduleSubject } from '../src/domain/driver-schedule-mail.js';
import { runTag, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const tag = runTag();
const week = '2041-03-04';
const change = (driverId: string, email: string | undefined, day: number, after: object | null) => ({
  driverId,
  driverName: `Driver <${driverId}>`,
  ...(email ? { email } : {}),
  day,
  date: `2041-03-0${3 + day}`,
  before: { route: 'r1', routeName: 'North' },
  after: after as DriverScheduleChangedData['changes'][number]['after'],
});
const data = (notify: boolean): DriverScheduleChangedData => ({
  id: `sched-${tag}`,
  week,
  notify,
  by: { userId: 'u1', name: 'Dana Dispatcher' },
  changes: [
    change('a', `Ann-${tag}@Test.Portal`, 1, {
      route: 'r2',
      routeName: 'South',
      vehicle: 'v1',
      vehicleName: 'Van 7',
    }),
    change('a', `ann-${tag}@test.portal`, 3, null),
    change('b', undefined, 2, { route: 'r2', routeName: 'South' }),
    change('c', `cy-${tag}@test.portal`, 5, { vehicle: 'v2', vehicleName: 'Van 9' }),
  ],
});
const envelope = (notify: boolean, id = 'e1') => ({
  id,
  type: Subjects.driverScheduleChanged,
  version: 1,
  time: '',
  source: 'routing',
  data: data(notify),
});

test('the rule: one mail per affected driver with an email, their changes only; no notify → no mail', () => {
  const orders = driverScheduleMails(envelope(true), 'http://portal.test/');
  assert.deepEqual(
    orders.map((o) => o.job.kind === 'raw' && o.job.to),
    [`ann-${tag}@test.portal`, `cy-${tag}@test.portal`],
  );
  const ann = orders[0]!.job.kind === 'raw' ? orders[0]!.job : undefined;
  assert.equal(ann?.subject, scheduleSubject(week));
  assert.match(ann!.html, /Driver &lt;a&gt;/);
  assert.match(ann!.html, /href="http:\/\/portal\.test\/dashboard\/driverschedule\?date=2041-03-04"/);
  assert.match(ann!.text!, /Monday 2041-03-04: now route South, vehicle Van 7 \(was route North\)\./);
  assert.match(ann!.text!, /Wednesday 2041-03-06: now off \(was route North\)\./);
  assert.ok(!/Van 9/.test(ann!.html), "another driver's change is not in Ann's mail");
  assert.equal(
    changeSentence(data(true).changes[3]!),
    'Friday 2041-03-08: now no route, vehicle Van 9 (was route North).',
  );
  assert.deepEqual(driverScheduleMails(envelope(false), 'http://portal.test'), []);
  // the job ids derive from the event: a redelivery queues nothing new
  assert.deepEqual(
    driverScheduleMails(envelope(true), 'x').map((o) => o.jobId),
    orders.map((o) => o.jobId),
  );
});

test('routing.driverschedule.changed.v1 with notify → the driver gets the mail in the mailbox; without → none', async () => {
  const since = Date.now();
  await app.bus.publish(Subjects.driverScheduleChanged, data(false), { source: 'routing' });
  await app.bus.publish(Subjects.driverScheduleChanged, data(true), { source: 'routing' });
  const mail = await mailbox.waitForMailTo(`ann-${tag}@test.portal`, scheduleSubject(week), { since });
  assert.match(mail.html, /Dana Dispatcher changed your schedule for the week of 2041-03-04/);
  assert.match(mail.html, /route South, vehicle Van 7/);
  await mailbox.waitForMailTo(`cy-${tag}@test.portal`, scheduleSubject(week), { since });
  await new Promise((r) => setTimeout(r, 2000)); // time for a wrong second mail (the notify: false event) to arrive
  const anns = await mailbox.find((m) => m.to.some((t) => t.includes(`ann-${tag}`)));
  assert.equal(anns.length, 1);
});
