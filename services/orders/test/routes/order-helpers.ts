import { randomBytes } from 'node:crypto';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import { Role, type EventEnvelope, type RoleNumber } from '@portal/contracts';
import { withDocLock } from '@portal/service-kit';
import { tokenFor } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { Licence } from '../../src/models/licence.js';
import { OrderConfigValue } from '../../src/models/order-config.js';

/**
 * A suite's env: its own database (`portal_orders_<part>_test`), its own durables (a unique suffix: the running
 * service keeps its events) and its own job queues; the accounts feed off (suites seed their read models).
 */
export const suiteEnv = (part: string) => ({
  MONGO_DB: `portal_orders_${part}_test`,
  CONSUMER_SUFFIX: `${part.slice(0, 2)}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: `portal-orders-${part}-test`,
  ORDERS_ACCOUNTS_FEED: 'off',
  // no ledger checkpoints behind a suite's back (ledger-anchor.test.ts signs on demand)
  LEDGER_ANCHOR_INTERVAL_MS: 0,
});

/** The running stack's routing (the seam suites write a route of their own there and remove it after). */
export const ROUTING = `http://127.0.0.1:${process.env.ROUTING_PORT ?? 4103}`;
/** A POST to the running routing as an admin: its status and body. */
export async function routingPost(path: string, body: object) {
  const res = await fetch(`${ROUTING}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenFor(Role.Admin)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The single-order suites' env. */
export const TEST_ENV = suiteEnv('core');

/** Two companies (A: the demo account admin's, B: the demo standard user's), a destination and an R licence. */
export const LIC = {
  A: 'TST-A-1001',
  A2: 'TST-A-1002',
  B: 'TST-B-2001',
  DEST: 'TST-D-3001',
  R: 'TSTR-4001',
};
/** Zip 93326: the demo routing data runs "Bakersfield 16" there on Saturdays only (plus the every-day warehouse). */
export const SAT_ZIP = '93326';
export const DRIVER_ID = 'drv-core-test';
export const SIGNATURE = { name: 'Dee Driver', image: 'data:image/png;base64,iVBORw0KGgo=' };

export async function subOf(role: RoleNumber | string): Promise<string> {
  const t = await tokenFor(role);
  return JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub as string;
}

const FUTURE = new Date('2100-01-01'); // newer than any fact the accounts feed could bring into the test database

export async function seedReadModels(): Promise<Record<RoleNumber, string>> {
  await Promise.all([Member.deleteMany({}), Licence.deleteMany({}), OrderConfigValue.deleteMany({})]);
  const subs = {} as Record<RoleNumber, string>;
  const people: [RoleNumber, string, string[], object][] = [
    [Role.SuperAdmin, 'Sue Super', [], {}],
    [Role.Admin, 'Ada Admin', [], {}],
    [Role.Driver, 'Dee Driver', [], { driverId: DRIVER_ID, signature: SIGNATURE }],
    [Role.AccountAdmin, 'Val Vendor', [LIC.A, LIC.A2], {}],
    [Role.User, 'Bea Buyer', [LIC.B], {}],
  ];
  for (const [role, name, keys, extra] of people) {
    subs[role] = await subOf(role);
    await Member.create({
      userId: `acc-${role}`,
      sub: subs[role],
      email: `core-${role}@test.portal`,
      name,
      role,
      companyKeys: keys,
      licenseNumbers: keys,
      asOf: FUTURE,
      ...extra,
    });
  }
  const lic = (n: string, name: string, zip: string) => ({
    licenseKey: n,
    'License #': n,
    Licensee: name,
    DBA: `${name} DBA`,
    'Street Address': '1 Test Way',
    City: 'Bakersfield',
    Zip: zip,
    emails: [],
    asOf: FUTURE,
  });
  await Licence.insertMany([
    lic(LIC.A, 'Alpha Farms', SAT_ZIP),
    lic(LIC.A2, 'Alpha Two', SAT_ZIP),
    lic(LIC.B, 'Beta Goods', SAT_ZIP),
    lic(LIC.DEST, 'Delta Store', SAT_ZIP),
    lic(LIC.R, 'Rec Shop', SAT_ZIP),
  ]);
  return subs;
}

/** 'YYYY-MM-DD' of the next given weekday (0 Sunday … 6 Saturday) at least `minDays` from today (UTC). */
export function nextWeekday(weekday: number, minDays = 1): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + minDays);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
export const noon = (day: string) => `${day}T12:00:00.000Z`;

export async function call(
  app: FastifyInstance,
  role: RoleNumber | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const headers = role === undefined ? {} : { authorization: `Bearer ${await tokenFor(role)}` };
  return app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A valid vendor order from company A to the destination, delivered on the next Saturday. */
export function orderInput(over: Record<string, unknown> = {}, billing: object = { invoice: 'INV-1' }) {
  const sat = nextWeekday(6, 2);
  return {
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        pickupLN: LIC.A,
        destinationLN: LIC.DEST,
        preferredDelivery: noon(sat),
        weight: '3',
        notes: 'fragile',
        ...over,
      },
      billing,
    },
  };
}

/** The events on `subject` since `since`, read afresh from the stream (an ordered consumer from that time). */
export async function publishedSince(app: FastifyInstance, subject: string, since: Date) {
  const consumer = await app.js.consumers.get('ORDERS', {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const events: EventEnvelope<any>[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
    let n = 0;
    for await (const m of batch) {
      events.push(m.json<EventEnvelope>());
      n++;
    }
    if (n === 0) return events;
  }
}

/**
 * A fixture's direct write to an order (a tenancy or tamper set-up), taken in the document's outbox turn: FerretDB
 * rewrites the whole document on the relay's clean-up, which would put the old fields back over an unlocked write.
 */
export const fixtureWrite = (id: unknown, update: Record<string, unknown>) =>
  withDocLock(Order.collection.collectionName, String(id), () => Order.updateOne({ _id: id }, update));
