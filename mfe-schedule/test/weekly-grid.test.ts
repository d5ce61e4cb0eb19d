// The weekly driver schedule grid (src/exposes/WeeklySchedule.tsx) over fake GET/POST /api/driverschedule*: rows,
// Show All Drivers, Add Driver's message, the "Changes made" banner (a change undone cancels out), Update Schedule's
// body and warnings, "Update failed: {message}", the notify modal's body, and the read-only view of a driver.
// Bodies and answers are checked against services/routing's own schemas (src/schemas/driverschedule.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { Role } from '@portal/contracts';
import { DispatchMessages as D, type WeeklyScheduleAnswer } from '@portal/contracts/dispatch';
import * as S from '@portal/routing-service/schemas/driverschedule';
import * as O from '@portal/orders-service/schemas/fixorders';
import { mountComponent, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS: Record<string, { body?: TSchema; answer: TSchema }> = {
  'GET /api/driverschedule': { answer: S.WeekAnswer },
  'POST /api/driverschedule/update': { body: S.UpdateBody, answer: S.UpdateAnswer },
  'POST /api/driverschedule/copy': { body: S.CopyBody, answer: S.UpdateAnswer },
  'POST /api/orders/fixorders': { body: O.FixBody, answer: O.FixAnswer },
};
const check = (method: string, url: string, status: number, body: unknown) => {
  const s = SCHEMAS[`${method} ${url}`];
  if (!s) return [`no schema for ${method} ${url}`];
  if (status >= 300) return typeof (body as { message?: unknown }).message === 'string' ? [] : ['no message'];
  return Value.Check(s.answer, body)
    ? []
    : [`${url}: ${JSON.stringify([...Value.Errors(s.answer, body)][0])}`];
};

const WEEK = '2041-03-04';
let role: 'staff' | 'driver' = 'staff';
let conflict = false;
const week = (): WeeklyScheduleAnswer => ({
  data: {
    id: 'w1',
    date: WEEK,
    lastUpdated: '2041-01-01T00:00:00.000Z',
    data: {
      days: { '1': [{ driver: 'd1', route: 'r1', vehicle: 'v1', misc: { notes: 'gate code at desk' } }] },
    },
    drivers: [
      { id: 'd1', name: 'Ann Road', ...(role === 'staff' ? { email: 'ann@test.portal' } : {}) },
      { id: 'd2', name: 'Ben Wheel', ...(role === 'staff' ? { email: 'ben@test.portal' } : {}) },
    ],
    vehicles: [
      { id: 'v1', name: 'Van 1', status: 1, due: [] },
      { id: 'v2', name: 'Van Old', status: 0, due: [] },
    ],
    routes: [
      { id: 'r1', name: 'North', startTime: '07:00' },
      { id: 'r2', name: 'South', startTime: '06:00' },
    ],
    ...(role === 'staff' ? { pending: [] } : {}),
    canEdit: role === 'staff',
    mine: role === 'driver' ? ['d1'] : [],
  },
});

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/exposes/WeeklySchedule.tsx'),
      exportName: 'WeeklySchedule',
      props: { initialDate: new Date(`${WEEK}T12:00:00Z`) },
      check,
    },
    {
      'GET /api/driverschedule': () => [200, week()],
      // the saved week onto its orders (orders' fixorders)
      'POST /api/orders/fixorders': (b) => [
        200,
        {
          message: '1 of 1 scheduled orders got their driver and vehicle.',
          data: {
            week: (b as { week: string }).week,
            ordersToUpdate: [
              {
                id: 'o1',
                orderId: 'G-1',
                driver: { delivery: 'd1' },
                vehicle: { delivery: 'v1' },
                changed: true,
              },
            ],
            updated: 1,
            failed: [],
          },
        },
      ],
      'POST /api/driverschedule/copy': (b) => {
        const body = b as { from: string; to: string; force?: boolean };
        if (!body.force)
          return [409, { message: `The week of ${body.to} already has a schedule. Copy over it?` }];
        const days = week().data.data;
        const answer = { id: 'w2', date: body.to, lastUpdated: '2041-01-03T00:00:00.000Z', data: days };
        return [200, { data: { ...answer, warnings: [], pending: [], notified: [] } }];
      },
      'POST /api/driverschedule/update': (b) => {
        if (conflict)
          return [409, { message: 'This week was changed by someone else. Reload it and try again.' }];
        const body = b as { schedule: { data: { days: object } }; notify?: string[] };
        return [
          200,
          {
            data: {
              id: 'w1',
              date: WEEK,
              lastUpdated: '2041-01-02T00:00:00.000Z',
              data: body.schedule.data,
              warnings: body.notify ? [] : ['Van Old is inactive (Mon, Ben Wheel).'],
              pending: body.notify
                ? []
                : [{ driverId: 'd2', day: 1, before: null, after: { vehicle: 'v2' } }],
              notified: body.notify ?? [],
            },
          },
        ];
      },
    },
  );
});
after(async () => {
  assert.deepEqual(ui.violations, []);
  const bad = ui.calls.filter((c) => SCHEMAS[c.call]?.body && !Value.Check(SCHEMAS[c.call]!.body!, c.body));
  assert.deepEqual(bad, []);
  await ui?.close();
});

test('staff: rows, Show All, Add Driver, the banner (undo cancels out), save with warnings, notify', async () => {
  role = 'staff';
  conflict = false;
  const page = await ui.open({
    path: '/dashboard/manageDriver',
    user: { email: 'admin@demo.portal', role: Role.Admin },
  });
  const grid = page.getByTestId('weekly-schedule');
  await grid.getByTestId('weekly-schedule-row').filter({ hasText: 'Ann Road' }).waitFor();
  assert.equal(await grid.getByTestId('weekly-schedule-row').count(), 1, 'only drivers with entries');
  await grid.getByTestId('ws-show-all').check();
  await grid.getByTestId('weekly-schedule-row').filter({ hasText: 'Ben Wheel' }).waitFor();
  await grid.getByTestId('ws-show-all').uncheck();
  await grid.getByTestId('ws-add').click();
  assert.match(
    (await grid.getByTestId('ws-add-error').textContent()) ?? '',
    new RegExp(`^${D.selectDriver}`),
  );
  await grid.getByTestId('ws-add-choice').selectOption('d2');
  await grid.getByTestId('ws-add').click();
  const ben = grid.getByTestId('weekly-schedule-row').filter({ hasText: 'Ben Wheel' });
  await ben.waitFor();
  // a change and its undo: no banner
  const annMon = grid
    .getByTestId('weekly-schedule-row')
    .filter({ hasText: 'Ann Road' })
    .locator('td[data-day="1"]');
  await annMon.getByTestId('ws-route').selectOption('r2');
  await grid.getByTestId('ws-changes').filter({ hasText: D.changesMade }).waitFor();
  await annMon.getByTestId('ws-route').selectOption('r1');
  await grid.getByTestId('ws-changes').waitFor({ state: 'detached' });
  // Ben gets the inactive van on Monday: warned in the cell, then in the save answer
  await ben.locator('td[data-day="1"]').getByTestId('ws-vehicle').selectOption('v2');
  await ben.getByTestId('ws-vehicle-warning').filter({ hasText: 'Van Old is inactive' }).waitFor();
  await grid.getByTestId('ws-save').click();
  await grid
    .getByTestId('ws-warnings')
    .filter({ hasText: 'Van Old is inactive (Mon, Ben Wheel).' })
    .waitFor();
  const saved = ui.calls.filter((c) => c.call === 'POST /api/driverschedule/update').at(-1)!.body as {
    schedule: { date: string; lastUpdated: string; data: { days: Record<string, { driver: string }[]> } };
  };
  assert.equal(saved.schedule.date, WEEK);
  assert.equal(saved.schedule.lastUpdated, '2041-01-01T00:00:00.000Z');
  assert.deepEqual(saved.schedule.data.days['1']!.map((e) => e.driver).sort(), ['d1', 'd2']);
  // the saved week goes onto its orders, and the answer is said
  await page.getByText('1 of 1 scheduled orders got their driver and vehicle.').first().waitFor();
  const fixes = ui.calls.filter((c) => c.call === 'POST /api/orders/fixorders').map((c) => c.body);
  assert.deepEqual(fixes, [{ week: WEEK }]);
  await grid.getByTestId('ws-changes').waitFor();
  // notify: the modal lists Ben (pending), send → notify [d2]; the banner goes
  await grid.getByTestId('ws-notify-open').click();
  const modal = page.getByTestId('ws-notify');
  await modal.getByText('Ben Wheel').waitFor();
  assert.equal(await modal.locator('li').count(), 1);
  await modal.getByTestId('ws-notify-send').click();
  await grid.getByTestId('ws-changes').waitFor({ state: 'detached' });
  const sent = ui.calls.filter((c) => c.call === 'POST /api/driverschedule/update').at(-1)!.body as {
    notify: string[];
  };
  assert.deepEqual(sent.notify, ['d2']);
  assert.deepEqual(
    ui.calls.filter((c) => c.call === 'POST /api/orders/fixorders').at(-1)!.body,
    { week: WEEK, notify: true },
    'after notify too',
  );
  await page.close();
});

test('a failed save shows "Update failed: {message}" and keeps the edits', async () => {
  role = 'staff';
  conflict = true;
  const page = await ui.open({
    path: '/dashboard/manageDriver',
    user: { email: 'admin@demo.portal', role: Role.Admin },
  });
  const grid = page.getByTestId('weekly-schedule');
  const annMon = grid
    .getByTestId('weekly-schedule-row')
    .filter({ hasText: 'Ann Road' })
    .locator('td[data-day="1"]');
  await annMon.getByTestId('ws-route').selectOption('r2');
  await grid.getByTestId('ws-save').click();
  await grid
    .getByTestId('ws-failure')
    .filter({ hasText: D.updateFailed('This week was changed by someone else. Reload it and try again.') })
    .waitFor();
  assert.equal(await annMon.getByTestId('ws-route').inputValue(), 'r2');
  conflict = false;
  await page.close();
});

test('a driver: read-only (no choices, no buttons but Print), their row marked, notes shown', async () => {
  role = 'driver';
  const page = await ui.open({
    path: '/dashboard/manageDriver',
    user: { email: 'driver@demo.portal', role: Role.Driver },
    width: 390,
  });
  const grid = page.getByTestId('weekly-schedule');
  const ann = grid.getByTestId('weekly-schedule-row').filter({ hasText: 'Ann Road' });
  await ann.waitFor();
  assert.equal(await grid.getByTestId('ws-route').count(), 0);
  assert.equal(await grid.getByTestId('ws-save').count(), 0);
  assert.equal(await grid.getByTestId('ws-notify-open').count(), 0);
  assert.match((await ann.getAttribute('class')) ?? '', /ws-mine/);
  assert.match(
    (await ann.locator('td[data-day="1"]').textContent()) ?? '',
    /North.*Van 1.*gate code at desk/,
  );
  await page.screenshot({ path: '/tmp/shots-weekly/component-driver-390.png', fullPage: true });
  await page.close();
});

test('copy to another week: a week with a schedule asks first, then copies with force and opens it', async () => {
  role = 'staff';
  const page = await ui.open({
    path: '/dashboard/manageDriver',
    user: { email: 'admin@demo.portal', role: Role.Admin },
  });
  const grid = page.getByTestId('weekly-schedule');
  await grid.getByTestId('weekly-schedule-row').first().waitFor();
  await grid.getByTestId('ws-copy-open').click();
  const dialog = page.getByTestId('ws-copy');
  await dialog.getByTestId('ws-copy-to').fill('2041-03-13');
  await dialog.getByTestId('ws-copy-go').click();
  const confirm = page.getByTestId('ws-confirm');
  await confirm.getByText('The week of 2041-03-13 already has a schedule. Copy over it?').waitFor();
  await confirm.getByRole('button', { name: 'Copy over it' }).click();
  await grid.locator('[data-week="2041-03-11"]').waitFor();
  const copies = ui.calls.filter((c) => c.call === 'POST /api/driverschedule/copy').map((c) => c.body);
  assert.deepEqual(copies, [
    { from: WEEK, to: '2041-03-13' },
    { from: WEEK, to: '2041-03-13', force: true },
  ]);
  await page.close();
});
