import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OrderStatus as S, type RoleNumber } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { OrderProjection, periodKeys } from '../../src/readmodels/order-projection.js';
import { MemberModel } from '../../src/readmodels/member.js';
import { seedProjected } from '../helpers/projected.js';

/** The dashboards suites' own database and durables (never the demo's, never the running billing's feeds). */
export const TEST_ENV = {
  MONGO_DB: 'portal_billing_dashboards_test',
  CONSUMER_SUFFIX: `db${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: 'portal-billing-dashboards-test',
  BILLING_SNAPSHOT: 'off',
};

/** Company A: the demo account admin's; company B: the demo standard user's (members seeded by email). */
export const LN = { A: 'DASH-A-1', B: 'DASH-B-1' };

interface Seed {
  id: string;
  ln: string;
  day: string;
  status: number;
  approved?: string;
  delivered?: string;
  rejected?: string;
  deleted?: number;
}
const blank = { pickup: false, driver: false, customer: false, dropoff: false };
export const projected = (s: Seed) => ({
  _id: s.id,
  orderId: s.id,
  status: s.status,
  pickupLN: s.ln,
  deliveryDay: s.day,
  ...periodKeys(s.ln, s.day),
  companyKeys: [s.ln],
  deleted: s.deleted ?? 0,
  version: 1,
  billing: {
    invoice: '',
    amount: '',
    amountCents: 0,
    method: '',
    methodSelect: '',
    dateApproved: s.approved ?? '',
    deliveredDay: s.delivered ?? '',
    rejected: s.rejected ?? '',
    signatures: blank,
    times: {},
  },
});

/** March 2031 (and one April order): the figures the tests expect are worked out beside each line. */
export const SEEDS: Seed[] = [
  {
    id: 'A1',
    ln: LN.A,
    day: '2031-03-03',
    status: S.delivered,
    approved: '2031-03-03',
    delivered: '2031-03-03',
  },
  {
    id: 'A2',
    ln: LN.A,
    day: '2031-03-03',
    status: S.delivered,
    approved: '2031-03-02',
    delivered: '2031-03-03',
  },
  { id: 'A3', ln: LN.A, day: '2031-03-10', status: S.delivered, delivered: '2031-03-10' }, // no approved date
  { id: 'A4', ln: LN.A, day: '2031-03-10', status: S.fullRejection, rejected: '2' },
  { id: 'A5', ln: LN.A, day: '2031-03-11', status: S.exception },
  { id: 'A6', ln: LN.A, day: '2031-03-12', status: S.approved },
  { id: 'A7', ln: LN.A, day: '2031-03-12', status: S.delivered, deleted: 1 }, // deleted: never counts
  {
    id: 'A8',
    ln: LN.A,
    day: '2031-04-02',
    status: S.delivered,
    approved: '2031-04-02',
    delivered: '2031-04-02',
  },
  {
    id: 'B1',
    ln: LN.B,
    day: '2031-03-03',
    status: S.delivered,
    approved: '2031-03-03',
    delivered: '2031-03-03',
  },
  { id: 'B2', ln: LN.B, day: '2031-03-05', status: S.partialRejection, rejected: '2' },
  { id: 'B3', ln: LN.B, day: '2031-03-05', status: S.fullRejection },
  { id: 'B4', ln: LN.B, day: '2031-03-06', status: S.cancelled, deleted: 2 },
];

export async function seed() {
  await OrderProjection.deleteMany({});
  await MemberModel.deleteMany({});
  await seedProjected(SEEDS.map(projected));
  await MemberModel.insertMany([
    member('dash-a', 'accountadmin@demo.portal', 3, [LN.A]),
    member('dash-b', 'user@demo.portal', 4, [LN.B]),
  ]);
}
export const member = (id: string, email: string, role: number, companyKeys: string[]) => ({
  _id: id,
  sub: '',
  email,
  name: id,
  role,
  companyKeys,
  deleted: false,
  asOf: new Date(),
});

export const get = async (app: FastifyInstance, role: RoleNumber, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await tokenFor(role)}` } });

/** A status list as {label: count} without the zeros. */
export const nonZero = (rows: { label: string; count: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.count).map((r) => [r.label, r.count]));
