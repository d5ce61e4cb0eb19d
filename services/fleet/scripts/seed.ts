import { pathToFileURL } from 'node:url';
import mongoose from 'mongoose';
import { OPERATIONS_ROLES, isSuspended, vinProblem, type VehicleData } from '@portal/contracts';
import { loadEnv } from '@portal/service-kit';
import { Driver } from '../src/models/driver.js';
import { Vehicle } from '../src/models/vehicle.js';
import { PortalUser } from '../src/models/portal-user.js';
import { newCrossings } from '../src/domain/service-due.js';
import { linkFor, type LinkUser } from '../src/domain/driver-links.js';
import { vehicleData } from '../src/domain/views.js';

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Casey',
  'Riley',
  'Morgan',
  'Taylor',
  'Jamie',
  'Drew',
  'Quinn',
  'Avery',
  'Cameron',
  'Devon',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Patel',
  'Kim',
  'Lopez',
  'Brown',
  'Davis',
  'Wilson',
  'Moore',
  'Clark',
  'Lee',
];
const MODELS = ['Sprinter', 'Transit', 'ProMaster', 'Express', 'NV200'];
const day = (offset: number, today: Date) =>
  new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** A VIN with a valid check digit (position 9) from a 17-character pattern whose 9th character is a placeholder. */
export function withCheckDigit(pattern: string): string {
  for (const c of '0123456789X') {
    const vin = pattern.slice(0, 8) + c + pattern.slice(9);
    if (!vinProblem(vin)) return vin;
  }
  throw new Error(`no check digit fits ${pattern}`);
}

/**
 * The accounts users fleet needs (staff and drivers) into its read model, from the accounts database: at a fresh
 * `npm start` the accounts seed wrote them without events. Demo tooling only — the service itself learns users
 * from accounts.user.* events (README "Decisions").
 */
async function copyUsers(): Promise<LinkUser[]> {
  const users = await mongoose.connection
    .useDb(process.env.ACCOUNTS_DB || 'portal_accounts', { useCache: true })
    .collection('users')
    .find({ role: { $in: OPERATIONS_ROLES } }, { projection: { email: 1, role: 1, verified: 1 } })
    .toArray();
  for (const u of users) {
    const set = { email: String(u.email).toLowerCase(), role: u.role, suspended: isSuspended(u.verified) };
    await PortalUser.updateOne(
      { userId: String(u._id) },
      { $set: set, $setOnInsert: { deleted: false } },
      { upsert: true },
    );
  }
  return PortalUser.find({}).lean<LinkUser[]>();
}

/** 25 drivers: the first is driver@demo.portal (linked to the demo driver), the rest fictional. */
async function seedDrivers(users: LinkUser[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < 25; i++) {
    const email =
      i === 0 ? 'driver@demo.portal' : `driver${String(i + 1).padStart(2, '0')}@drivers.demo.portal`;
    const name = i === 0 ? 'Dana Driver' : `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`;
    const res = await Driver.updateOne(
      { email },
      {
        $setOnInsert: {
          email,
          name,
          phone: `+1760555${String(100 + i).padStart(4, '0')}`,
          lic: `D${String(4_100_000 + i * 137)}`,
          occLic: i % 3 === 0 ? `OCC-${1000 + i}` : '',
          deleted: false,
        },
        $set: { userId: linkFor(email, users)?.userId ?? '' },
      },
      { upsert: true },
    );
    created += res.upsertedCount;
  }
  return created;
}

/** 40 vehicles, 4 inactive; oil due on every 5th, tires/brakes on every 9th, two registrations and one insurance close. */
async function seedVehicles(today: Date): Promise<number> {
  let created = 0;
  for (let i = 0; i < 40; i++) {
    const name = `${MODELS[i % MODELS.length]} ${String(i + 1).padStart(2, '0')}`;
    const mileage = 20_000 + i * 2_750;
    const data: Partial<VehicleData> = {
      regpaperwork: i % 6 !== 0,
      reg_exp: i === 3 || i === 17 ? day(12 + i, today) : day(120 + i * 7, today),
      insurance: i === 8 ? day(-3, today) : day(200 + i * 5, today),
      mileage_loc: i % 5 === 0 ? mileage - 3_900 : mileage - 1_200,
      mileage_tirechange: i % 9 === 0 ? mileage - 36_000 : mileage - 10_000,
      mileage_brakes: i % 9 === 0 ? mileage - 35_500 : mileage - 12_000,
      tiresize: '245/75R16',
      wintertires: i % 4 === 0,
      spare: true,
      chains: i % 3 === 0,
      camera: i % 2 === 0,
      alarm: i % 5 !== 1,
      radius: (['long', 'mid', 'local'] as const)[i % 3],
      ownerstatus: (['owned', 'leased', 'rental'] as const)[i % 3],
      cashVan: i % 10 === 0,
      pickupVan: i % 4 === 1,
    };
    const full = vehicleData(data);
    const res = await Vehicle.updateOne(
      { name },
      {
        $setOnInsert: {
          name,
          lic: `${String.fromCharCode(65 + (i % 26))}${String(7000 + i * 13)}`,
          vin: withCheckDigit(`1FTBW3XM0HKA${String(10_000 + i)}`),
          year: 2016 + (i % 9),
          status: i % 10 === 7 ? 0 : 1,
          mileage,
          data: full,
          // the demo starts quiet: what is due at seeding counts as announced (README "Demo seed")
          announced: newCrossings({ mileage, data: full }, [], today).map((c) => c.key),
          deleted: false,
        },
      },
      { upsert: true },
    );
    created += res.upsertedCount;
  }
  return created;
}

export async function seed(today = new Date()) {
  const users = await copyUsers();
  return { users: users.length, drivers: await seedDrivers(users), vehicles: await seedVehicles(today) };
}

/** `npm start`: the fleet database of the env (MONGO_URL, MONGO_DB or portal_fleet), seeded, closed. Idempotent. */
export async function main(): Promise<void> {
  const env = loadEnv();
  await mongoose.connect(env.MONGO_URL, {
    dbName: env.MONGO_DB || 'portal_fleet',
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    console.log(JSON.stringify({ msg: 'fleet seed done', ...(await seed()) }));
  } finally {
    await mongoose.disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
