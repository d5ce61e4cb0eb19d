// orders.*: an orders instance the bench starts over portal_bench_orders (100,000 orders, see
// orders-seed.mjs), as routes.find starts routing, and the list pages measured against it with real tokens.
import { spawn } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { row, watchRss } from './measure.mjs';
import { startService } from './http.mjs';
import { BENCH_PUBLIC_TOKEN, ORDERS_DB, licence } from './orders-seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const DAY = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const mondayOf = (ms) => {
  const d = new Date(ms);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return dayOf(d.getTime());
};

/**
 * The service's app.ts with the list routes in place of the first slice's `ordersRoutes`, written beside the logs
 * (deploy/local/.cache), until services/orders registers `listsRoutes` itself: the same kit, models and env.
 */
function benchApp(root, logDir) {
  const src = join(root, 'services/orders/src');
  const text = readFileSync(join(src, 'app.ts'), 'utf8');
  if (text.includes('listsRoutes')) return join(src, 'server.ts');
  const file = join(logDir, '..', 'bench-orders-app.ts');
  const app = text
    .replace(/'\.\//g, `'${src}/`)
    .replace(
      /import \{ ordersRoutes \} from [^;]+;/,
      `import { listsRoutes as ordersRoutes } from '${src}/routes/lists.js';`,
    );
  writeFileSync(
    file,
    `${app}\nimport { runService } from '@portal/service-kit';\nawait runService(buildApp, Number(process.env.PORT));\n`,
  );
  return file;
}

const MIGRATE = `
  import mongoose from 'mongoose';
  import { migrate } from '../kit/src/migrate.ts';
  import './src/app.ts';
  await mongoose.connect(process.env.MONGO_URL, { dbName: process.env.MONGO_DB });
  const log = { info: (o, m) => console.log(m, JSON.stringify(o)), warn: (o, m) => console.warn(m, JSON.stringify(o)) };
  await migrate(mongoose.connection, { postgresUrl: process.env.POSTGRES_URL, log });
  await mongoose.disconnect();
`;

/**
 * The service's own start-up migration (indexes and GIN serving indexes), run ahead in a child without the start's
 * time limit: over 100,000 orders the first build takes longer than a start may wait. Idempotent (fast when done).
 */
export const migrateOrders = (root, logDir, stackEnv, dbName = ORDERS_DB) =>
  migrateService(root, logDir, stackEnv, { service: 'orders', dbName });

/** A service's start-up migration over a bench database, in a child (the log beside the bench's). */
export function migrateService(root, logDir, stackEnv, { service, dbName }) {
  const log = join(logDir, dbName === ORDERS_DB ? 'bench-orders.log' : `bench-migrate-${dbName}.log`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', MIGRATE], {
      cwd: join(root, `services/${service}`),
      env: { ...process.env, ...stackEnv, MONGO_DB: dbName },
      stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${service} migration exited ${code}; see ${log}`)),
    );
  });
}

/** An orders service over the bench database, started as the portal starts services (own consumer names). */
// the first start over 100,000 orders builds the list indexes (GIN, concurrently) before it listens
// (each scale's instance its own durables, queues and log: lib/scale.mjs)
export const startOrders = (root, logDir, stackEnv, dbName = ORDERS_DB) =>
  startService(root, logDir, stackEnv, {
    service: 'orders',
    log: dbName === ORDERS_DB ? 'bench-orders.log' : `bench-orders-${dbName}.log`,
    entry: [benchApp(root, logDir)],
    readyMs: 300_000,
    env: {
      MONGO_DB: dbName,
      CONSUMER_SUFFIX: dbName === ORDERS_DB ? 'bench' : `bench${dbName.replace(/[^a-z0-9]/g, '')}`,
      // its own job queues: under the default prefix the running portal's orders worker took the bench's bulk
      // upload jobs (then failed them: their payload is in the bench database), leaving the bench's "waiting"
      QUEUE_PREFIX: dbName === ORDERS_DB ? 'portal-orders-bench' : `portal-orders-${dbName}`,
      // the bench's members are its own (orders-seed.mjs): no snapshot of accounts' real ones
      ORDERS_ACCOUNTS_FEED: 'off',
      // the public view is rate-limited per address; the bench is one address
      RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
  });

/**
 * The list pages measured, per list: each a first page with a filter, a sort and a search (the "each list
 * page with filter + sort + search"), cycling through weeks and companies so no two requests in a row are equal.
 */
export function listRequests(now, tokens) {
  const weeks = Array.from({ length: 8 }, (_, k) => mondayOf(now - k * 7 * DAY));
  const days = Array.from({ length: 8 }, (_, k) => dayOf(now - (3 + k * 5) * DAY));
  const words = ['green', 'val', 'farms', 'riv', 'salem', 'port', 'gold', 'summit'];
  const c = (k) => licence((k * 37) % 200); // companies every scale has (500 orders each at every scale)
  const n = 8;
  const at = (f) => Array.from({ length: n }, (_, k) => f(k));
  return {
    admin: [
      tokens.superadmin,
      [
        ...at((k) => `/api/orders?list=admin&week=${weeks[k]}&status=3&sort=vendor&q=${words[k]}`),
        ...at((k) => `/api/orders?list=admin&week=${weeks[k]}&sort=createdAt&dir=desc&q=${words[k]}`),
        ...at(
          (k) => `/api/orders?list=admin&company=${c(k)}&all=true&sort=deliveryDate&dir=desc&q=${words[k]}`,
        ),
        ...at(
          (k) =>
            `/api/orders?list=admin&from=${days[k]}&to=${dayOf(Date.parse(days[k]) + 2 * DAY)}&delivered=true&sort=orderId&q=${words[k]}`,
        ),
        ...at(
          (k) => `/api/orders?list=admin&all=true&q=B-1${String(40000 + k * 7919).slice(0, 5)}&sort=status`,
        ),
      ],
    ],
    outgoing: [
      tokens.accountadmin,
      [
        ...at((k) => `/api/orders?list=outgoing&sort=destName&q=${words[k]}`),
        ...at((k) => `/api/orders?list=outgoing&week=${weeks[k]}&status=1&sort=deliveryDate`),
        ...at((k) => `/api/orders?list=outgoing&delivered=true&def=ext&q=${words[k].slice(0, 3)}`),
      ],
    ],
    incoming: [
      tokens.user,
      [
        ...at((k) => `/api/orders?list=incoming&sort=vendor&q=${words[k]}`),
        ...at((k) => `/api/orders?list=incoming&week=${weeks[k]}&sort=status&dir=desc`),
      ],
    ],
    placed: [
      tokens.accountadmin,
      at((k) => `/api/orders?list=placed&week=${weeks[k]}&sort=deliveryDate&q=${words[k]}`),
    ],
    driver: [
      tokens.driver,
      [
        ...at((k) => `/api/orders?list=driver&limit=300&q=${words[k]}`),
        ...at(() => '/api/orders?list=driver&limit=200'),
      ],
    ],
    public: [null, at((k) => `/api/orders/public?token=${BENCH_PUBLIC_TOKEN}&week=${weeks[k]}`)],
  };
}

/** autocannon over a list of GET urls (each request the next), exact percentiles from every 2xx. */
export async function loadUrls(name, { base, token, urls, pid, connections = 1, seconds = SECONDS }) {
  let next = 0;
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const shoot = (duration, onResponse) =>
    new Promise((resolve, reject) => {
      const inst = autocannon(
        {
          url: base,
          connections,
          duration,
          timeout: 60, // a slow page is a figure, not a dropped request
          headers,
          requests: [{ setupRequest: (req) => ({ ...req, path: urls[next++ % urls.length] }) }],
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
  return { ...row(name, lat, { rps: lat.length / res.duration, rss }), errors, lat };
}

/**
 * Every list (a row each) and all of them together (orders.list.100k; `name` renames them for another scale). Checks
 * each url answers 200 first.
 */
export async function loadLists({ base, pid, now, tokens, log, name = (n) => n }) {
  const rows = [];
  const all = [];
  for (const [kind, [token, urls]] of Object.entries(listRequests(now, tokens))) {
    for (const url of urls) {
      const res = await fetch(`${base}${url}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    }
    const r = await loadUrls(name(`orders.list.100k.${kind}`), { base, token, urls, pid });
    log(`${r.name}: p95 ${r.p95_ms} ms, ${r.rps} req/s`);
    all.push(...r.lat);
    delete r.lat;
    rows.push(r);
  }
  const secs = rows.reduce((a, r) => a + r.n / r.rps, 0);
  const total = {
    ...row(name('orders.list.100k'), all, {
      rps: all.length / secs,
      rss: Math.max(...rows.map((r) => r.rss_mb ?? 0)),
    }),
    errors: rows.reduce((a, r) => a + r.errors, 0),
  };
  return [total, ...rows];
}
