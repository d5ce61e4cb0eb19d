// The route days from routing's /routes/find on the running stack: the days a delivery route runs (an overnight row too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenFor } from '@portal/service-kit/testing';
import { dayAllowedList, deliveryDaysFor } from '../../src/domain/order-route-days.js';

const routingUrl = `http://127.0.0.1:${process.env.ROUTING_PORT ?? 4103}`;

test('a day is allowed when a delivery route (not the warehouse) runs then', async () => {
  const deps = { routingUrl, authorization: `Bearer ${await tokenFor(4)}` };
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  // 93326: "Bakersfield 16" runs on Saturdays (the every-day warehouse does not count)
  const days = await deliveryDaysFor('93326', from, to, deps);
  assert.ok(days.length >= 2);
  assert.ok(
    days.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6),
    days.join(),
  );
  assert.deepEqual(await dayAllowedList('93326', `${days[0]}T12:00:00Z`, deps), [days[0]]);
  const friday = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  assert.deepEqual(await dayAllowedList('93326', `${friday}T12:00:00Z`, deps), []);
  assert.deepEqual(await deliveryDaysFor('not-a-zip', from, to, deps), []);
  await assert.rejects(deliveryDaysFor('93326', from, to, { routingUrl: 'http://127.0.0.1:9' }), {
    status: 503,
  });
});
