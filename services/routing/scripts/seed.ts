import { pathToFileURL } from 'node:url';
import mongoose from 'mongoose';
import { ROUTE_WEEKDAYS, STRICT_DAY_MARKER, UTILITY_ROUTE_NAME, type RouteInput } from '@portal/contracts';
import { loadEnv } from '@portal/service-kit';
// The demo licences are accounts' (a fixed-seed generator): the routes cover exactly their zips. Read from the
// generator, never from accounts' database (a service reads only its own collections).
import { licenceSeedRecords } from '../../accounts/scripts/seed-licences.js';
import { Route } from '../src/models/route.js';
import { createRoute } from '../src/domain/routes.js';

export const SEED_ROUTES = 60;
const DAY_MS = 86_400_000;
const PATTERNS = [
  'mon,wed,fri',
  'tue,thur',
  'mon,thur',
  'wed',
  'tue,fri',
  'mon,tue,wed,thur,fri',
  'thur',
  'sat',
];
const START_TIMES = ['06:00', '06:30', '07:00', '07:30', '08:00', '05:30'];

/** Strict dates: the first weekday `wd` (0 = mon) of each of the next 12 months, as marker offsets. */
function monthlyDates(today: Date, wd: number): string {
  const marker = Date.parse(`${STRICT_DAY_MARKER}T00:00:00Z`);
  const out: number[] = [];
  for (let m = 0; m < 12; m++) {
    const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1);
    const shift = (wd - ((new Date(first).getUTCDay() + 6) % 7) + 7) % 7;
    out.push(Math.round((first + shift * DAY_MS - marker) / DAY_MS));
  }
  return out.join(',');
}

/**
 * The demo routes, deterministic but for the strict dates (the next 12 months from `today`): 59 routes over the demo
 * licences' zips (by zip, so a region's zips ride together), each with one row per zip — weekday patterns, every
 * 7th route bi-weekly, every 5th overnight, every 10th on strict dates — plus the `utility` route (a warehouse row
 * for every zip, 00000, and a will-call row). Pure.
 */
export function demoRoutes(today = new Date()): RouteInput[] {
  const byZip = new Map<string, string>();
  for (const r of licenceSeedRecords()) {
    const zip = String(r.Zip ?? '').slice(0, 5);
    if (/^\d{5}$/.test(zip) && !byZip.has(zip)) byZip.set(zip, String(r.City ?? ''));
  }
  const zips = [...byZip.keys()].sort();
  const n = SEED_ROUTES - 1;
  const routes: RouteInput[] = [];
  for (let i = 0; i < n; i++) {
    const mine = zips.slice(Math.floor((i * zips.length) / n), Math.floor(((i + 1) * zips.length) / n));
    const city = byZip.get(mine[0]!) ?? 'Route';
    const days = i % 10 === 9 ? monthlyDates(today, i % 5) : PATTERNS[i % PATTERNS.length]!;
    routes.push({
      name: `${city} ${String(i + 1).padStart(2, '0')}`,
      data: {
        startTime: START_TIMES[i % START_TIMES.length]!,
        rows: mine.map((zip, k) => ({
          city: byZip.get(zip)!,
          zipCode: zip,
          dayOfTheWeek: days,
          biWeekly: i % 7 === 6,
          overnight: i % 5 === 4,
          price: 25 + ((i * 7 + k * 3) % 14) * 5,
        })),
      },
    });
  }
  routes.push({
    name: UTILITY_ROUTE_NAME,
    data: {
      startTime: '08:00',
      rows: [
        { city: 'Warehouse', zipCode: '00000', dayOfTheWeek: ROUTE_WEEKDAYS.slice(0, 5).join(','), price: 0 },
        { city: 'Will Call', zipCode: zips[0] ?? '95811', dayOfTheWeek: 'mon,wed,fri', price: 15 },
      ],
    },
  });
  return routes;
}

/**
 * Creates the demo routes that are missing, through the domain (validated, each with its routing.route.changed.v1
 * in the outbox: the service's relay publishes them when it runs). Idempotent: a name that exists — live or
 * deleted by someone trying the portal — is left alone. Requires the routing mongoose connection to be open.
 */
export async function seed(today = new Date()): Promise<{ created: number; routes: number }> {
  const have = new Set((await Route.find({}, { name: 1 }).lean<{ name: string }[]>()).map((r) => r.name));
  let created = 0;
  for (const r of demoRoutes(today)) {
    if (have.has(r.name)) continue;
    await createRoute(r);
    created++;
  }
  return { created, routes: await Route.countDocuments({ deleted: false }) };
}

/** `npm start` runs this after the accounts seed: the routing database of the env (MONGO_DB or portal_routing). */
export async function main(): Promise<void> {
  const env = loadEnv();
  await mongoose.connect(env.MONGO_URL, {
    dbName: env.MONGO_DB || 'portal_routing',
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    console.log(JSON.stringify({ msg: 'routing seed done', ...(await seed()) }));
  } finally {
    await mongoose.disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
