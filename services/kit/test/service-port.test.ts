import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servicePort } from '../src/server-main.js';

// A second instance is started by PORT alone: the local stack's env.sh exports every service's <NAME>_PORT (the
// URLs services call each other by), which must not pull the second instance onto the first one's port.
test('PORT wins over <NAME>_PORT, which wins over the default; a blank or bad value is skipped', () => {
  assert.equal(servicePort('orders', 4102, { ORDERS_PORT: '4102', PORT: '4202' }), 4202);
  assert.equal(servicePort('orders', 4102, { ORDERS_PORT: '4302' }), 4302);
  assert.equal(servicePort('orders', 4102, {}), 4102);
  assert.equal(servicePort('orders', 4102, { PORT: '', ORDERS_PORT: 'x' }), 4102);
  assert.equal(servicePort('notifications', 4106, { NOTIFICATIONS_PORT: '4306', PORT: '70000' }), 4306);
});
