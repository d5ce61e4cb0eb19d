// The config switches orders reads: defaults, accounts.config.changed entries, a snapshot's complete config. The
// changed events are handed to the consumer directly: publishing them would change the running stack's switches.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildService } from '@portal/service-kit';
import { waitFor } from '@portal/service-kit/testing';
import {
  CONFIG_SWITCH_DEFAULTS,
  Subjects,
  switchValue,
  type ConfigSwitch,
  type EventEnvelope,
} from '@portal/contracts';
import { consumers } from '../../src/events/index.js';
import { accountsConfigConsumer } from '../../src/events/accounts-config.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import { ORDER_CONFIG_KEYS, configFrom, orderConfig } from '../../src/domain/config.js';

const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let app: FastifyInstance;

before(async () => {
  app = await buildService(
    { name: 'orders', domain: 'orders', routes: [], backends: ['mongo', 'nats', 'redis'], consumers },
    { LOG_LEVEL: 'warn', MONGO_DB: 'portal_orders_feed_test', CONSUMER_SUFFIX: `c${tag}` },
  );
  await app.ready();
  await app.bus.ready;
  await OrderConfigValue.deleteMany({});
});
after(() => app?.close());

test('defaults where accounts set nothing: the spec\'s "unless … is off" switches on, the rest off, mails on', async () => {
  assert.deepEqual(await orderConfig(), configFrom({}));
  const c = configFrom({});
  assert.deepEqual(
    [c.billingInvoiceReq, c.useRCheck, c.autoApprove, c.hasSameDay, c.isInternalDist, c.editAddress],
    [true, true, false, false, false, false],
  );
  assert.deepEqual(
    [c.alertNewOrders, c.rejectionEmails, c.exceptionEmails, c.sigsShow],
    [true, true, true, true],
  );
  // flat dotted keys, a nested orders object, and 'true'/'false' strings all read
  const d = configFrom({ 'orders.autoApprove': 'true', orders: { hasSameDay: true }, useRCheck: false });
  assert.deepEqual([d.autoApprove, d.hasSameDay, d.useRCheck], [true, true, false]);
});

test('every switch orders reads has the default the Settings screen shows (contracts, one table)', () => {
  const c = configFrom({}) as unknown as Record<string, unknown>;
  for (const [name, [key]] of Object.entries(ORDER_CONFIG_KEYS)) {
    if (!(key in CONFIG_SWITCH_DEFAULTS)) continue; // orders.labelLogo: an image link, not a switch
    assert.equal(c[name], CONFIG_SWITCH_DEFAULTS[key as ConfigSwitch], key);
    assert.equal(c[name], switchValue({}, key as ConfigSwitch), key);
  }
  // the same value read from a nested or string form, both sides
  const stored = { orders: { autoApprove: 'true' }, alertNewOrders: 'false' };
  const d = configFrom(stored);
  assert.deepEqual(
    [d.autoApprove, d.alertNewOrders],
    [switchValue(stored, 'orders.autoApprove'), switchValue(stored, 'alertNewOrders')],
  );
});

const envelope = (data: object, time = new Date()) =>
  ({
    id: randomBytes(8).toString('hex'),
    type: Subjects.configChanged,
    version: 1,
    time: time.toISOString(),
    source: 'accounts',
    data,
  }) as EventEnvelope<never>;
const ctx = () => ({ app, log: app.log, msg: undefined as never });

test('accounts.config.changed entries → the switches; signupEmails and unknown keys are not kept', async () => {
  await accountsConfigConsumer.handle(
    envelope({
      keys: ['orders.autoApprove', 'signupEmails', 'exceptionEmails', 'logoType'],
      entries: [
        { key: 'orders.autoApprove', value: true },
        { key: 'exceptionEmails', value: false },
        { key: 'logoType', value: 'nj' },
      ],
    }),
    ctx(),
  );
  const c = await orderConfig();
  assert.equal(c.autoApprove, true);
  assert.equal(c.exceptionEmails, false);
  assert.deepEqual((await OrderConfigValue.find({}).lean()).map((d) => d.key).sort(), [
    'exceptionEmails',
    'orders.autoApprove',
  ]);
  // an older event changes nothing; an event without entries (an older accounts) changes nothing
  await accountsConfigConsumer.handle(
    envelope(
      { keys: ['orders.autoApprove'], entries: [{ key: 'orders.autoApprove', value: false }] },
      new Date(Date.now() - 60_000),
    ),
    ctx(),
  );
  await accountsConfigConsumer.handle(envelope({ keys: ['orders.autoApprove'] }), ctx());
  assert.equal((await orderConfig()).autoApprove, true);
});

test('a snapshot page (this scope) replaces the config: keys it lacks go back to their defaults', async () => {
  await app.bus.publish(Subjects.snapshotPublished, {
    requestId: `r-${tag}`,
    requestedBy: 'orders',
    scope: `c${tag}`,
    asOf: new Date().toISOString(),
    kind: 'config',
    page: 0,
    last: true,
    config: { 'orders.hasSameDay': true, rejectionEmails: false },
  });
  // the page's keys are written one by one: wait for its last one, not its first
  const seen = () =>
    orderConfig().then((c) => [c.hasSameDay, c.rejectionEmails, c.autoApprove, c.exceptionEmails]);
  await waitFor(async () => (await seen()).join() === 'true,false,false,true', 15_000).catch(() => undefined);
  assert.deepEqual(await seen(), [true, false, false, true]);
});
