// manifests.merge.50 and manifests.zip.200 (orders' manifests), in one child process over its own database
// (portal_bench_manifests) and the stack's object store: 200 orders whose manifests (3-page PDFs of about 250 KB with
// an embedded attachment, as scanned manifests are) are stored in bucket `manifests`; an orders app listening on a
// free port with a real demo token. merge.50: POST /api/orders/mergePdfs of 50 orders, one at a time, goal < 2 s.
// zip.200: GET /api/orders/manifests.zip of all 200, streamed; the child's RSS is sampled every 20 ms during each
// download and compared with the zip of 20: flat memory means the 200 does not need more than the 20.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { row } from './measure.mjs';

const RUNS = Number(process.env.BENCH_MANIFEST_RUNS ?? 5);

const SCRIPT = `
  import { randomBytes } from 'node:crypto';
  import { PDFDocument, StandardFonts } from 'pdf-lib';
  import { buildApp } from './src/app.ts';
  import { Order } from './src/models/order.ts';
  import { manifestKey, putPdf, sha256 } from './src/domain/manifests/store.ts';
  import { startService, tokenFor } from '@portal/service-kit/testing';
  import { seedReadModels, orderInput, call } from './test/routes/order-helpers.ts';
  const runs = Number(process.env.MANIFEST_RUNS);
  const app = await startService(buildApp, { LOG_LEVEL: 'warn' });
  await Order.deleteMany({});
  await seedReadModels();
  const first = await call(app, 1, 'POST', '/api/orders/create', { order: orderInput() });
  if (first.statusCode !== 200) throw new Error('create ' + first.body);
  const base = await Order.findById(first.json().data.order.id).lean();
  const pdf = async (n) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 3; p++) {
      const page = doc.addPage([612, 792]);
      for (let l = 0; l < 40; l++) page.drawText('Manifest ' + n + ' page ' + (p + 1) + ' line ' + l + ' TST-A-1001 TST-D-3001', { x: 40, y: 760 - l * 18, size: 10, font });
    }
    await doc.attach(randomBytes(240 * 1024), 'scan-' + n + '.bin', { mimeType: 'application/octet-stream' });
    return Buffer.from(await doc.save());
  };
  const ids = [];
  let total = 0;
  for (let n = 0; n < 200; n++) {
    const { _id, history, ...rest } = base;
    const bytes = await pdf(n);
    total += bytes.length;
    const doc = await Order.create({ ...rest, orderId: 'B-' + String(700000 + n), history: [] });
    const sha = sha256(bytes);
    const key = manifestKey(String(doc._id), sha);
    await putPdf(app, key, bytes);
    const current = { key, filename: 'manifest-' + n + '.pdf', sha256: sha, bytes: bytes.length, pages: 3,
      uploadedAt: new Date().toISOString(), uploadedBy: { userId: 'bench', name: 'Bench' }, licencesMatch: true };
    await Order.updateOne({ _id: doc._id }, { $set: { manifest: { file: current.filename, current, signed: [] } } });
    ids.push(String(doc._id));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base_ = 'http://127.0.0.1:' + app.server.address().port;
  const auth = { authorization: 'Bearer ' + (await tokenFor(1)) };
  const time = async (f) => { const t = performance.now(); const out = await f(); return [performance.now() - t, out]; };
  const merge = async () => {
    const res = await fetch(base_ + '/api/orders/mergePdfs', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ids: ids.slice(0, 50) }) });
    const b = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error('merge ' + res.status);
    return b;
  };
  await merge();
  const mergeMs = [];
  let mergeBytes = 0;
  for (let i = 0; i < runs; i++) { const [ms, b] = await time(merge); mergeMs.push(ms); mergeBytes = b; }
  const zip = async (count) => {
    global.gc?.();
    const m0 = process.memoryUsage();
    const before = m0.rss;
    let peak = before, buf = m0.arrayBuffers;
    // RSS and Buffer memory (uncollected garbage included) every 20 ms
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      buf = Math.max(buf, m.arrayBuffers);
    }, 20);
    const t = performance.now();
    const res = await fetch(base_ + '/api/orders/manifests.zip?ids=' + ids.slice(0, count).join(','), { headers: auth });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length; // read and dropped, as a browser saving to disk
    const ms = performance.now() - t;
    clearInterval(timer);
    if (res.status !== 200) throw new Error('zip ' + res.status);
    return { ms, bytes, peakMb: peak / 1048576, growthMb: (peak - before) / 1048576, bufMb: (buf - m0.arrayBuffers) / 1048576 };
  };
  await zip(20);
  const z20 = [], z200 = [];
  for (let i = 0; i < Math.max(2, Math.ceil(runs / 2)); i++) { z20.push(await zip(20)); z200.push(await zip(200)); }
  console.log('MANIFESTS ' + JSON.stringify({ mergeMs, mergeBytes, z20, z200, total }));
  await app.close();
  process.exit(0);
`;

function child(root, logDir, stackEnv) {
  const log = join(logDir, 'bench-manifests.log');
  return new Promise((resolve, reject) => {
    let out = '';
    const c = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      {
        cwd: join(root, 'services/orders'),
        env: {
          ...process.env,
          ...stackEnv,
          MONGO_DB: 'portal_bench_manifests',
          CONSUMER_SUFFIX: 'benchmanifests',
          QUEUE_PREFIX: 'portal-bench-manifests',
          ORDERS_ACCOUNTS_FEED: 'off',
          MANIFEST_RUNS: String(RUNS),
        },
        stdio: ['ignore', 'pipe', openSync(log, 'a')],
      },
    );
    c.stdout.on('data', (d) => (out += d));
    c.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('MANIFESTS '));
      if (code !== 0 || !line) return reject(new Error(`manifests bench exited ${code}; see ${log}`));
      resolve(JSON.parse(line.slice(10)));
    });
  });
}

export async function runManifests({ root, logDir, env, log, only = () => true }) {
  log('manifests.merge.50 and manifests.zip.200: 200 stored manifests, merge of 50, zip of 20 and of 200');
  const r = await child(root, logDir, env);
  const total = (ms) => ms.reduce((a, b) => a + b, 0) / 1000;
  const peak = (zs) => Math.max(...zs.map((z) => z.peakMb));
  const growth = (zs) => Math.max(...zs.map((z) => z.growthMb));
  const bufs = (zs) => Math.max(...zs.map((z) => z.bufMb));
  const mb = (b) => (b / 1048576).toFixed(1);
  const rows = [];
  if (only('manifests.merge.50'))
    rows.push(row('manifests.merge.50', r.mergeMs, { rps: r.mergeMs.length / total(r.mergeMs), rss: NaN }));
  if (only('manifests.zip.200')) {
    const ms200 = r.z200.map((z) => z.ms);
    const ms20 = r.z20.map((z) => z.ms);
    rows.push(row('manifests.zip.200', ms200, { rps: ms200.length / total(ms200), rss: peak(r.z200) }));
    rows.push(row('manifests.zip.20', ms20, { rps: ms20.length / total(ms20), rss: peak(r.z20) }));
  }
  const notes = [
    `manifests.merge.50: POST /api/orders/mergePdfs of 50 stored 3-page manifests (${mb(r.total / 200)} MB each, read ` +
      `from the object store one at a time, pages copied with pdf-lib), ${r.mergeMs.length} runs after a warm-up, ` +
      `${mb(r.mergeBytes)} MB answered. Goal: < 2 s.`,
    `manifests.zip.200: GET /api/orders/manifests.zip of 200 manifests (${mb(r.z200[0].bytes)} MB streamed, archiver ` +
      `fed one object-store stream at a time) vs 20 (${mb(r.z20[0].bytes)} MB). Peak RSS of the orders app's process ` +
      `during the download: ${peak(r.z20).toFixed(1)} MB for 20, ${peak(r.z200).toFixed(1)} MB for 200 (growth over ` +
      `the RSS before the call: ${growth(r.z20).toFixed(1)} MB vs ${growth(r.z200).toFixed(1)} MB; peak growth of the ` +
      `process's Buffer memory, garbage not yet collected included: ${bufs(r.z20).toFixed(1)} MB vs ` +
      `${bufs(r.z200).toFixed(1)} MB). The RSS before includes seeding the 200 PDFs in the same process.`,
  ];
  return { rows, notes };
}
