// Each service signs in to NATS as its own user and may publish only its own domain's events: a service (or
// anyone holding its credentials) cannot forge another domain's facts, e.g. `accounts.user.updated.v1` naming
// another company's licence, which gave a user that company's orders when every service shared one account.
// Runs against the local stack's NATS (TEST account: the `<service>-test` users have the services' rights).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '@nats-io/transport-node';
import { AckPolicy } from '@nats-io/jetstream';
import {
  BUS_SERVICES,
  EventCatalogue,
  Subjects,
  busPermissions,
  domainOf,
  type Domain,
} from '@portal/contracts';
import { busAs, localEnv, type BusHandle } from '../testing/index.js';
import { ensureStream } from '../src/plugins/external/nats.js';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** NATS subject matching: `*` one token, `>` the rest. */
const matches = (pattern: string, subject: string) => {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
};
const mayPublish = (svc: Domain, subject: string) => {
  const { allow, deny } = busPermissions(svc).publish;
  return allow.some((a) => matches(a, subject)) && !deny.some((d) => matches(d, subject));
};
/** Resolves to the error (or 'accepted') of an operation the server may refuse. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: Error) => err.message,
  );
const refused = /permission|authorization|timeout|TIMEOUT/i;

let orders: BusHandle;
let accounts: BusHandle;
before(async () => {
  orders = await busAs('orders');
  accounts = await busAs('accounts');
  await ensureStream(orders.jsm, 'orders');
  await ensureStream(accounts.jsm, 'accounts');
});
after(async () => {
  await orders.close();
  await accounts.close();
});

test('the rights come from the catalogue: each event subject is publishable by its own domain only', () => {
  for (const subject of Object.keys(EventCatalogue))
    for (const svc of BUS_SERVICES)
      assert.equal(mayPublish(svc, subject), domainOf(subject) === svc, `${svc} publishing ${subject}`);
  assert.ok(mayPublish('orders', 'orders.ledger.checkpoint.v1'), "orders' own subjects beyond the catalogue");
  assert.ok(!mayPublish('orders', '_INBOX.x.y') && !mayPublish('orders', '$JS.API.STREAM.DELETE.ORDERS'));
});

test("orders' credentials publishing accounts.user.updated.v1 (another domain's) are refused", async () => {
  const forged = { userId: 'u1', email: 'a@example.com', licenses: ['LIC-OTHER'], verified: true };
  const r = await outcome(orders.publish(Subjects.userUpdated, forged));
  assert.match(r, refused, `publish answered ${r}`);
  const last = (await accounts.jsm.streams.info('ACCOUNTS')).state.last_seq;
  await assert.rejects(orders.publish(Subjects.userUpdated, forged));
  assert.equal((await accounts.jsm.streams.info('ACCOUNTS')).state.last_seq, last, 'nothing was stored');
});

test('its own subject is accepted (stored in its stream)', async () => {
  const { seq } = await orders.publish('orders.permission-check.v1', { at: Date.now() });
  assert.ok(seq > 0);
});

test('subscribing to a subject it does not consume is refused; its own inbox is not', async () => {
  const errors: string[] = [];
  const nc = await connect({
    servers: url,
    user: 'routing-test',
    pass: localEnv('NATS_PASSWORD_ROUTING'),
    inboxPrefix: '_INBOX_routing',
  });
  try {
    const sub = nc.subscribe('billing.>', { callback: (err) => void (err && errors.push(err.message)) });
    await nc.flush();
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(
      sub.isClosed() || errors.some((e) => /permission/i.test(e)),
      `billing.> subscription: ${errors}`,
    );
    // the other services' reply inboxes carry JetStream deliveries: not readable either
    const theirs = nc.subscribe('_INBOX_accounts.>', {
      callback: (err) => void (err && errors.push(err.message)),
    });
    await nc.flush();
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(theirs.isClosed(), 'subscribed to accounts replies');
  } finally {
    await nc.close();
  }
});

test('a durable on a stream it does not read is refused (accounts does not read FLEET)', async () => {
  const r = await outcome(
    accounts.jsm.consumers.add('FLEET', {
      durable_name: 'accounts-not-mine',
      ack_policy: AckPolicy.Explicit,
    }),
  );
  assert.match(r, refused, `consumer create answered ${r}`);
});

test('a service cannot change, delete or purge even its own stream (no republish into another domain)', async () => {
  const cfg = (await orders.jsm.streams.info('ORDERS')).config;
  const republish = { src: 'orders.evil', dest: Subjects.userUpdated };
  assert.match(await outcome(orders.jsm.streams.update('ORDERS', { ...cfg, republish })), refused);
  assert.match(await outcome(orders.jsm.streams.purge('ORDERS')), refused);
  assert.match(await outcome(orders.jsm.streams.delete('ORDERS')), refused);
});

test('an anonymous connection or a wrong password is refused', async () => {
  assert.match(await outcome(connect({ servers: url, timeout: 3000 }).then((nc) => nc.close())), refused);
  const wrong = connect({ servers: url, user: 'orders-test', pass: 'not-it', timeout: 3000 });
  assert.match(await outcome(wrong.then((nc) => nc.close())), refused);
});
