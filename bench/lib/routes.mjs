// routes.find: POST /api/routes/find on a routing instance the bench starts over its own database
// (portal_bench_routing: 60 routes whose rows cover 400 zips), 200 connections, each request a different zip.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ObjectId } from 'mongodb';
import { row, watchRss } from './measure.mjs';
import { startService } from './http.mjs';

export const ROUTES_DB = `${process.env.BENCH_DB ?? 'portal_bench'}_routing`;
export const ROUTES = 60;
export const ZIPS = Array.from({ length: 400 }, (_, i) => String(90000 + i * 7).padStart(5, '0'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PATTERNS = ['mon,wed,fri', 'tue,thur', 'mon,thur', 'wed', 'tue,fri', 'mon,tue,wed,thur,fri'];

/**
 * 60 routes in the routing model's shape, every zip on two of them (route z % 60 and (z * 7 + 3) % 60), written
 * straight to the database (no events: nothing else should hear of bench routes). Kept when exactly 60 are there.
 */
export async function seedRoutes(client, log) {
  const col = client.db(ROUTES_DB).collection('routes');
  if ((await col.countDocuments()) === ROUTES) return;
  await col.deleteMany({});
  const now = new Date();
  const docs = Array.from({ length: ROUTES }, (_, i) => ({
    _id: new ObjectId(),
    name: `Bench ${String(i).padStart(2, '0')}`,
    nameKey: `bench ${String(i).padStart(2, '0')}`,
    startTime: '07:00',
    rows: [],
    deleted: false,
    created: now,
    lastUpdated: now,
    _outbox: [],
  }));
  ZIPS.forEach((zip, z) => {
    for (const i of new Set([z % ROUTES, (z * 7 + 3) % ROUTES])) {
      docs[i].rows.push({
        _id: new ObjectId(),
        city: `City ${z}`,
        zipCode: zip,
        dayOfTheWeek: PATTERNS[(z + i) % PATTERNS.length],
        biWeekly: (z + i) % 9 === 0,
        overnight: (z + i) % 5 === 0,
        price: 40,
        data: { notes: '' },
      });
    }
  });
  await col.insertMany(docs);
  log(`routes.find: seeded ${ROUTES} routes over ${ZIPS.length} zips into ${ROUTES_DB}`);
}

/**
 * A routing service over the bench's routes database, started as the portal starts services: durables of its own
 * (CONSUMER_SUFFIX) and no dispatch feed (ROUTING_DISPATCH_FEED=off). With the running routing's durables and its
 * start-up orders snapshot, the instance took a share of the stack's events and wrote 10 pages of orders into its
 * read model during the measured seconds (a quarter of its CPU went to MongoDB then).
 */
export const startRouting = (root, logDir, stackEnv) =>
  startService(root, logDir, stackEnv, {
    service: 'routing',
    log: 'bench-routing.log',
    readyMs: 60_000,
    env: {
      MONGO_DB: ROUTES_DB,
      CONSUMER_SUFFIX: 'benchfind',
      ROUTING_DISPATCH_FEED: 'off',
    },
  });

/** autocannon at 200 connections, each request the next zip of the 400; exact p95/p99 from every response. */
export async function loadFind(name, { url, token, pid, connections = 200, seconds = SECONDS }) {
  let next = 0;
  const shoot = (duration, onResponse) =>
    new Promise((resolve, reject) => {
      const inst = autocannon(
        {
          url,
          connections,
          duration,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({
                  zip: ZIPS[next++ % ZIPS.length],
                  from: '2026-11-23',
                  to: '2026-12-20',
                }),
              }),
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      if (onResponse) inst.on('response', onResponse);
    });
  await shoot(1);
  const lat = [];
  let bad = 0;
  const stopRss = watchRss(pid);
  const res = await shoot(seconds, (_c, status, _b, ms) =>
    status >= 200 && status < 400 ? lat.push(ms) : bad++,
  );
  const rss = stopRss();
  const errors = bad + res.errors + res.timeouts;
  if (errors)
    console.warn(
      `${name}: ${errors} failed requests (non-2xx ${bad}, errors ${res.errors}, timeouts ${res.timeouts})`,
    );
  return { ...row(name, lat, { rps: lat.length / res.duration, rss }), errors };
}

/**
 * The domain function alone (routes.find.fn): services/routing's find() over an index of the same 60 routes, one
 * call at a time, every zip in turn — what a request costs beyond the HTTP path. Runs in a child (the service's
 * TypeScript through tsx), which prints one result row.
 */
export function measureFindFn(root, mongoUrl, calls = 20_000) {
  const script = `
    import { MongoClient } from 'mongodb';
    import { RouteIndex, find } from './src/domain/route-index.ts';
    import { toRoute } from './src/domain/routes.ts';
    import { findRange } from './src/domain/days.ts';
    const c = new MongoClient(process.env.MONGO_URL); await c.connect();
    const docs = await c.db(process.env.ROUTES_DB).collection('routes').find({ deleted: false }).toArray();
    await c.close();
    const index = new RouteIndex();
    for (const d of docs) index.set(String(d._id), toRoute(d));
    const zips = JSON.parse(process.env.ZIPS);
    const range = findRange({ from: '2026-11-23', to: '2026-12-20' });
    const lat = new Float64Array(${calls});
    for (let i = 0; i < 2000; i++) JSON.stringify(find(index, zips[i % zips.length], range));
    for (let i = 0; i < lat.length; i++) {
      const t = performance.now();
      JSON.stringify(find(index, zips[i % zips.length], range));
      lat[i] = performance.now() - t;
    }
    process.stdout.write(JSON.stringify(Array.from(lat)));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(root, 'services/routing'),
      env: { ...process.env, MONGO_URL: mongoUrl, ROUTES_DB, ZIPS: JSON.stringify(ZIPS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`routes.find.fn exited ${code}`));
      const lat = JSON.parse(out);
      const secs = lat.reduce((a, b) => a + b, 0) / 1000;
      resolve(row('routes.find.fn', lat, { rps: lat.length / secs, rss: NaN }));
    });
  });
}
