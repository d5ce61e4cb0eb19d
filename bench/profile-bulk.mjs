// `node bench/profile-bulk.mjs`: where a 5,000-row upload's time goes. Starts the bench's orders instance over the
// 100k set (as `npm run bench` does), posts the bench's own 5,000-row xlsx, follows its job to the end and prints
// the two phases (the request: reading and checking every row; the job: claiming and writing the orders) with
// their wall time and the CPU each process spent (the orders service, FerretDB, PostgreSQL). The orders written
// are removed after. Needs the stack and the seeded data set (`npm run bench -- --seed-only`). Loopback only.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { stackEnv } from './lib/stack-env.mjs';
import { startOrders } from './lib/orders.mjs';
import { demoToken } from './lib/http.mjs';
import { ORDERS_DB } from './lib/orders-seed.mjs';
import { bulkWorkbook, removeOrders } from './lib/orders-write.mjs';
import { cpuMeter } from './lib/proc-cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = stackEnv(root);
const svc = await startOrders(root, join(root, 'deploy/local/.cache/logs'), env, ORDERS_DB);
const client = new MongoClient(env.MONGO_URL);
try {
  await client.connect();
  const headers = { authorization: `Bearer ${await demoToken(env, 'superadmin@demo.portal')}` };
  const form = new FormData();
  form.append('file', new Blob([await bulkWorkbook()]), 'bench-5000.xlsx');
  const meter = cpuMeter(svc.pid);
  const t0 = performance.now();
  const res = await fetch(`${svc.base}/api/orders/bulk`, { method: 'POST', headers, body: form });
  const { data } = await res.json();
  if (res.status !== 202) throw new Error(`POST /api/orders/bulk answered ${res.status}`);
  const t1 = performance.now();
  const request = meter.since();
  let job;
  do {
    await new Promise((r) => setTimeout(r, 100));
    job = (await (await fetch(`${svc.base}/api/orders/bulk/${data.jobId}`, { headers })).json()).data;
  } while (job.state !== 'completed' && job.state !== 'failed');
  const t2 = performance.now();
  const written = meter.since();
  console.log('| phase | wall ms | orders CPU ms | FerretDB CPU ms | PostgreSQL CPU ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, ms, cpu] of [
    ['request (read, check, queue)', t1 - t0, request],
    [`job (${job.result?.saved ?? 0} orders claimed and written)`, t2 - t1, written],
  ])
    console.log(`| ${name} | ${Math.round(ms)} | ${cpu.service} | ${cpu.ferretdb} | ${cpu.postgres} |`);
  await removeOrders(
    client.db(ORDERS_DB),
    (job.result?.savedRows ?? []).map((r) => r.id),
  );
} finally {
  await client.close();
  await svc.stop();
}
process.exit(0);
