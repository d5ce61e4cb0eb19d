// labels.500 (orders' labels): labels for 500 boxes → one PDF. Measured twice in one child process over its
// own database: the domain function alone (renderLabels, in process) and the HTTP call (POST /api/orders/labels on
// an orders app listening on a free port, a real demo token, the order read, the PDF built and the custody step
// written each time). Goal: under a second; p50/p95 reported.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { row, watchRss } from './measure.mjs';

const RUNS = Number(process.env.BENCH_LABEL_RUNS ?? 20);

const SCRIPT = `
  import mongoose from 'mongoose';
  import { migrate } from '../kit/src/migrate.ts';
  import { renderLabels } from './src/domain/labels/pdf.ts';
  import { buildApp } from './src/app.ts';
  import { Order } from './src/models/order.ts';
  import { startService, tokenFor } from '@portal/service-kit/testing';
  import { seedReadModels } from './test/routes/order-helpers.ts';
  import { placedOrder } from './test/routes/labels-helpers.ts';
  const runs = Number(process.env.LABEL_RUNS);
  const facts = { orderId: 'G-100042', vendor: 'Alpha Farms DBA', route: 'Bakersfield 16', deliveryDate: '12/05/2026',
    shipTo: { name: 'Delta Store DBA', street: '1 Test Way', cityZip: 'Bakersfield 93326', licence: 'TST-D-3001' },
    url: 'http://localhost:8080/order/G-100042' };
  const time = async (f) => { const t = performance.now(); const out = await f(); return [performance.now() - t, out]; };
  const fn = [];
  for (let i = 0; i < 3; i++) await renderLabels(facts, 500);
  for (let i = 0; i < runs; i++) fn.push((await time(() => renderLabels(facts, 500)))[0]);
  // the start-up migration ahead, without the start's time limit (a fresh database's GIN indexes take a while)
  await mongoose.connect(process.env.MONGO_URL, { dbName: process.env.MONGO_DB });
  await migrate(mongoose.connection, { postgresUrl: process.env.POSTGRES_URL, log: { info() {}, warn() {} } });
  await mongoose.disconnect();
  const app = await startService(buildApp, { LOG_LEVEL: 'warn' });
  await Order.deleteMany({});
  await seedReadModels();
  const order = await placedOrder(app, '500');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = 'http://127.0.0.1:' + app.server.address().port + '/api/orders/labels';
  const token = await tokenFor(3);
  const post = async () => {
    const res = await fetch(url, { method: 'POST', body: JSON.stringify({ id: order.id }),
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || res.headers.get('x-label-count') !== '500') throw new Error('labels answered ' + res.status);
    return bytes;
  };
  for (let i = 0; i < 3; i++) await post();
  const http = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) { const [ms, b] = await time(post); http.push(ms); bytes = b; }
  console.log('LABELS ' + JSON.stringify({ fn, http, bytes }));
  await app.close();
  process.exit(0);
`;

function child(root, logDir, stackEnv) {
  const log = join(logDir, 'bench-labels.log');
  return new Promise((resolve, reject) => {
    let out = '';
    const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: join(root, 'services/orders'),
      env: {
        ...process.env,
        ...stackEnv,
        MONGO_DB: 'portal_bench_labels',
        CONSUMER_SUFFIX: 'benchlabels',
        QUEUE_PREFIX: 'portal-bench-labels',
        ORDERS_ACCOUNTS_FEED: 'off',
        LABEL_RUNS: String(RUNS),
      },
      stdio: ['ignore', 'pipe', openSync(log, 'a')],
    });
    const stopRss = watchRss(c.pid);
    c.stdout.on('data', (d) => (out += d));
    c.once('exit', (code) => {
      const rss = stopRss();
      const line = out.split('\n').find((l) => l.startsWith('LABELS '));
      if (code !== 0 || !line) return reject(new Error(`labels bench exited ${code}; see ${log}`));
      resolve({ ...JSON.parse(line.slice(7)), rss });
    });
  });
}

export async function runLabels({ root, logDir, env, log }) {
  log('labels.500: 500 labels, in process and over HTTP');
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const r = await child(root, logDir, env);
  const total = (ms) => ms.reduce((a, b) => a + b, 0) / 1000;
  const rows = [
    row('labels.500', r.http, { rps: r.http.length / total(r.http), rss: r.rss }),
    row('labels.500.fn', r.fn, { rps: r.fn.length / total(r.fn), rss: r.rss }),
  ];
  const notes = [
    `labels.500: POST /api/orders/labels for an order of 500 boxes (default count = the box count), one request at ` +
      `a time, ${RUNS} runs after 3 warm-ups, on an orders app the bench starts in a child over portal_bench_labels ` +
      `(the order read with its ledger, the PDF built, the labels-printed custody step written, ${Math.round(r.bytes / 1024)} KB ` +
      `answered). labels.500.fn: renderLabels alone, same child. RSS is the child's peak. Goal: < 1 s. Load average ` +
      `at the start ${load} on ${cpus().length} cores.`,
  ];
  return { rows, notes };
}
