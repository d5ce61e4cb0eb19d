// `node bench/profile-list.mjs [1m|100k]`: where a driver's list page spends its time. Starts the bench's orders
// instance over the scale's data set (as `npm run bench` does), asks the driver's first pages one at a time for
// BENCH_SECONDS each (the bench's own requests: with a search, 300 rows; without, 200 rows) and prints, per request,
// the latency and the CPU each process spent: the orders service, FerretDB and PostgreSQL (utime + stime from
// /proc). Needs the stack and the seeded data sets (`npm run bench -- --scale 1m --seed-only`). Loopback only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackEnv } from './lib/stack-env.mjs';
import { listRequests, startOrders } from './lib/orders.mjs';
import { demoToken } from './lib/http.mjs';
import { ORDERS_DB } from './lib/orders-seed.mjs';
import { cpuMeter } from './lib/proc-cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, 'deploy/local/.cache/logs');
const db = process.argv[2] === '100k' ? ORDERS_DB : 'portal_bench_1m_orders';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const env = stackEnv(root);

const svc = await startOrders(root, logDir, env, db);
try {
  const token = await demoToken(env, 'driver@demo.portal');
  const urls = listRequests(new Date(), { driver: token }).driver[1];
  console.log(`load average at start: ${readFileSync('/proc/loadavg', 'utf8').trim()}; data set ${db}`);
  console.log(
    '\n| requests | n | median ms | p95 ms | KB | orders CPU ms | FerretDB CPU ms | PostgreSQL CPU ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, pick] of [
    ['search, limit 300', (u) => u.includes('q=')],
    ['no search, limit 200', (u) => !u.includes('q=')],
  ]) {
    const mine = urls.filter(pick);
    const meter = cpuMeter(svc.pid);
    const lat = [];
    let bytes = 0;
    for (const t0 = Date.now(); Date.now() - t0 < seconds * 1000;) {
      const s = performance.now();
      const res = await fetch(svc.base + mine[lat.length % mine.length], {
        headers: { authorization: `Bearer ${token}` },
      });
      bytes = (await res.arrayBuffer()).byteLength;
      if (!res.ok) throw new Error(`${mine[0]} answered ${res.status}`);
      lat.push(performance.now() - s);
    }
    const spent = meter.since();
    const per = (k) => (spent[k] / lat.length).toFixed(1);
    lat.sort((a, b) => a - b);
    const at = (q) => lat[Math.min(lat.length - 1, Math.floor(lat.length * q))].toFixed(1);
    console.log(
      `| ${name} | ${lat.length} | ${at(0.5)} | ${at(0.95)} | ${Math.round(bytes / 1024)} | ${per('service')} | ` +
        `${per('ferretdb')} | ${per('postgres')} |`,
    );
  }
} finally {
  await svc.stop();
}
process.exit(0);
