import { pathToFileURL } from 'node:url';
import mongoose from 'mongoose';
import {
  CANCEL_REASONS,
  Deleted,
  OrderStatus,
  type LicenceCopy,
  type OrderHistoryEntry,
} from '@portal/contracts';
import { loadEnv } from '@portal/service-kit';
import { Order } from '../src/models/order.js';
import { deleteRows, insertRows } from '../src/domain/lists-store.js';
import { Member } from '../src/models/member.js';
import { listKeysOf, weekOf, dayOf } from '../src/domain/list-keys.js';
import { nextEntry } from '../src/domain/ledger.js';
import { COMPANY_PROFILES, DEMO_PROFILES } from '../../accounts/scripts/seed-data.js';

/**
 * Demo orders (`npm start` runs it after the accounts seed): a few hundred orders over the last and the next two
 * weeks, in every status, between the demo companies (the licences of accounts' seed fixture, the same records the
 * licence read model is filled from), with valid ledgers (domain/ledger.ts nextEntry) and their list keys.
 * Written as documents, not through the create call: past dates and later statuses are what a demo needs and what
 * the form's rules refuse today, and a seed announces nothing (no outbox events, so no mails).
 * Idempotent: each week's orders have fixed ids (D-<week>-<n>); a run inserts only the missing ones.
 */
const DAY = 86_400_000;
const PER_WEEK = 75;

type Co = LicenceCopy & { 'License #': string };
const companies: Co[] = [...DEMO_PROFILES, ...COMPANY_PROFILES]
  .map((p) => p.company as Record<string, string> | undefined)
  .filter((c): c is Record<string, string> => !!c?.['License #'])
  .map((c) => ({
    Licensee: c.Licensee,
    DBA: c.DBA,
    'License #': c['License #'],
    'Street Address': c['Street Address'],
    City: c.City,
    Zip: c.Zip,
    emails: [],
  }));

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const noon = (ms: number) => {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12));
};
const STAFF = { userId: 'seed', name: 'Demo Seed', role: 1 };

/** A status that fits the delivery day: past days are mostly delivered, future ones waiting; all nine appear. */
function statusFor(i: number, delivery: Date, today: Date): number {
  if (i % 15 === 0) return [4, 5, 6, 8][(i / 15) % 4]!;
  if (delivery < today) return [3, 3, 3, 2, 7][i % 5]!;
  return [0, 0, 1, 1, 7, 2][i % 6]!;
}

function demoOrder(week: string, n: number, today: Date, now: Date, driverId: string) {
  const rnd = prng(Number(week.replace(/-/g, '')) * 1000 + n);
  const p = companies[Math.floor(rnd() * companies.length)]!;
  let d = companies[Math.floor(rnd() * companies.length)]!;
  if (d === p) d = companies[(companies.indexOf(p) + 1) % companies.length]!;
  const delivery = noon(Date.parse(`${week}T00:00:00Z`) + Math.floor(rnd() * 5) * DAY);
  // placed a few days before delivery, but never in the future (next week's orders were placed this week)
  const createdAt = new Date(
    Math.min(
      delivery.getTime() - (2 + Math.floor(rnd() * 6)) * DAY,
      now.getTime() - (1 + (n % 30)) * 3_600_000,
    ) -
      Math.floor(rnd() * 8) * 3_600_000,
  );
  const status = statusFor(n, delivery, today);
  const approved = status !== OrderStatus.received;
  const iso = delivery.toISOString();
  const order = {
    orderDef: n % 4 === 0 ? 'int' : 'ext',
    orderType: n % 4 === 0 ? 'sameDay' : 'layover',
    status,
    pickupLN: p['License #'],
    destinationLN: d['License #'],
    preferredDelivery: iso,
    preferredPickup: new Date(delivery.getTime() - DAY).toISOString(),
    ...(approved
      ? {
          deliveryDate: iso,
          pickupDate: new Date(delivery.getTime() - DAY).toISOString(),
          dateApproved: createdAt.toISOString(),
        }
      : {}),
    pickupType: n % 4 === 0 ? 'regular' : 'layoverpickup',
    driver: {
      pickup: approved && n % 3 === 0 ? driverId : '',
      delivery: approved && n % 3 === 0 ? driverId : '',
    },
    weight: String(1 + Math.floor(rnd() * 8)),
    notes: n % 5 === 0 ? 'Dock at the back; call on arrival.' : '',
    ...(status === 4 ? { exception: 'Receiver closed at arrival; rescheduled.' } : {}),
    ...(status === 5 || status === 6
      ? { rejected: 1 + (n % 8), rejectedText: 'Count did not match.', rejectedDate: iso }
      : {}),
  };
  const base = {
    orderId: `D-${week.slice(2).replace(/-/g, '')}-${String(n).padStart(3, '0')}`,
    createdAt,
    lastUpdated: createdAt,
    createdBy: STAFF.name,
    updatedBy: STAFF.name,
    user: '',
    deliveryDate: approved ? iso : '',
    deleted:
      status === OrderStatus.cancelled ? Deleted.canceled : n % 37 === 5 ? Deleted.deleted : Deleted.no,
    isPickup: false,
    dateSubmitted: createdAt.toISOString(),
    cancelReason: status === OrderStatus.cancelled ? CANCEL_REASONS[n % CANCEL_REASONS.length] : '',
    data: {
      order,
      pickupCompany: p,
      destCompany: d,
      billing: {
        invoice: `INV-${n}`,
        amount: 40 + (n % 5) * 10,
        method: 'Net Terms',
        methodSelect: 'net',
        manifest: `M-${week.slice(5).replace('-', '')}${n}`,
      },
    },
    manifest: {},
  };
  const history: OrderHistoryEntry[] = [];
  history.push(
    nextEntry(history, {
      at: createdAt,
      by: STAFF,
      source: 'api',
      action: 'created',
      changes: [{ path: 'data.order.status', to: 0 }],
    }),
  );
  if (status !== 0)
    history.push(
      nextEntry(history, {
        at: new Date(createdAt.getTime() + 3_600_000),
        by: STAFF,
        source: 'api',
        action: 'status',
        changes: [{ path: 'data.order.status', from: 0, to: status }],
      }),
    );
  return { ...base, version: history.length, history, ...listKeysOf(base) };
}

/** The demo driver's fleet id as the members read model knows it (fleet's link event), waiting briefly. */
async function demoDriverId(): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const m = await Member.findOne({ email: 'driver@demo.portal' }).lean<{ driverId?: string }>();
    if (m?.driverId) return m.driverId;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return '';
}

export async function seed(now = new Date()): Promise<{ created: number; weeks: string[] }> {
  const today = noon(now.getTime());
  const weeks = [-14, -7, 0, 7, 14].map((k) => weekOf(dayOf(new Date(now.getTime() + k * DAY))));
  const driverId = await demoDriverId();
  let created = 0;
  for (const week of weeks) {
    // what this week already has (one pushed-down equality), then the missing ones in one insert
    const found = await Order.find({ deliveryWeek: week }, { orderId: 1, createdAt: 1 }).lean<
      { _id: unknown; orderId: string; createdAt: Date }[]
    >();
    // an earlier seed's order placed in the future (before this rule) is made again
    const future = found.filter((o) => o.orderId.startsWith('D-') && o.createdAt > now);
    for (const o of future) await Order.collection.deleteOne({ _id: o._id as mongoose.Types.ObjectId });
    await deleteRows(future.map((o) => o._id)); // the list rows follow (domain/lists-store.ts)
    const have = new Set(found.filter((o) => !future.includes(o)).map((o) => o.orderId));
    const missing = Array.from({ length: PER_WEEK }, (_, n) =>
      demoOrder(week, n, today, now, driverId),
    ).filter((o) => !have.has(o.orderId));
    if (missing.length) await Order.collection.insertMany(missing, { ordered: false });
    await insertRows(missing);
    created += missing.length;
  }
  return { created, weeks };
}

export async function main(): Promise<void> {
  const env = loadEnv();
  await mongoose.connect(env.MONGO_URL, {
    dbName: env.MONGO_DB || 'portal_orders',
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    console.log(JSON.stringify({ msg: 'orders seed done', ...(await seed()) }));
  } finally {
    await mongoose.disconnect();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
