// orders.create and orders.bulk.5000: the single-order create and the bulk upload,
// measured on the bench's orders instance. Each returns null when its endpoint is not served yet (404).
import autocannon from 'autocannon';
import { row, watchRss } from './measure.mjs';
import { licence } from './orders-seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const DAY = 86_400_000;
/** Noon (UTC) of a day some days ahead: a valid preferred delivery whatever the day of the run. */
const noonIn = (days) => {
  const d = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)).toISOString();
};

export function createBody(k) {
  const p = k % 200;
  const d = (p + 1 + (k % 199)) % 200;
  return {
    order: {
      source: 'api',
      data: {
        order: {
          orderDef: 'ext',
          orderType: 'layover',
          pickupLN: licence(p),
          destinationLN: licence(d),
          preferredDelivery: noonIn(3 + (k % 5)),
          preferredPickup: noonIn(2),
          weight: String(1 + (k % 9)),
          notes: 'bench',
        },
        pickupCompany: {
          Licensee: `Bench ${p}`,
          'License #': licence(p),
          'Street Address': '1 Main St',
          City: 'Portland',
          Zip: '97001',
        },
        destCompany: {
          Licensee: `Bench ${d}`,
          'License #': licence(d),
          'Street Address': '2 Main St',
          City: 'Salem',
          Zip: '97002',
        },
        billing: { invoice: `BENCH-${k}`, amount: 40, methodSelect: 'net' },
      },
    },
  };
}

export async function benchCreate({ base, pid, token, db, log, connections = 4, seconds = SECONDS }) {
  const url = `${base}/api/orders/create`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = new Date();
  const probe = await fetch(url, { method: 'POST', headers, body: JSON.stringify(createBody(0)) });
  if (probe.status === 404) return null;
  if (!probe.ok) throw new Error(`POST /api/orders/create answered ${probe.status}: ${await probe.text()}`);
  const user = (await probe.json()).data.order.user;
  let k = 1;
  const shoot = (duration, onResponse) =>
    new Promise((resolve, reject) => {
      const inst = autocannon(
        {
          url,
          connections,
          duration,
          method: 'POST',
          headers,
          requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(createBody(k++)) }) }],
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
    status >= 200 && status < 300 ? lat.push(ms) : bad++,
  );
  const rss = stopRss();
  // the bench's own orders go again: the list data set stays the seeded 100,000. Found by their created month too
  // (an indexed equality: `user` alone read every order, 15 s over the 1M set, stalling the machine)
  let removed = 0;
  for (const createdMonth of new Set([started, new Date()].map((d) => d.toISOString().slice(0, 7)))) {
    removed += (await db.collection('orders').deleteMany({ user, createdMonth })).deletedCount;
    await db.collection('order_rows').deleteMany({ user, createdMonth }); // their list rows (order-row.ts)
  }
  log(`orders.create: removed the ${removed} orders it made`);
  const errors = bad + res.errors + res.timeouts;
  if (errors) console.warn(`orders.create: ${errors} failed requests (non-2xx ${bad})`);
  log(`orders.create: p95 ${row('x', lat, { rps: 0, rss: 0 }).p95_ms} ms, ${lat.length} orders`);
  return { ...row('orders.create', lat, { rps: lat.length / res.duration, rss }), errors };
}

const HEADINGS = [
  'Order Definition',
  'Originating License',
  'Destination License',
  'Order Type',
  'Prefered Delivery Date',
  'Prefered Pickup Date',
  'Box Count',
  'Billing Amount',
  'Billing Invoice #',
  'Billing Method',
  'Manifest',
  'Notes',
];

/** A 5,000-row workbook in the spec's columns (dates as Excel dates, a week ahead), each row a different pair. */
export async function bulkWorkbook(rows = 5000) {
  const XLSX = await import('@e965/xlsx');
  const day = (n) => new Date(Date.now() + n * DAY);
  const aoa = [HEADINGS];
  for (let k = 0; k < rows; k++) {
    const p = k % 200;
    const d = (p + 1 + (k % 199)) % 200;
    aoa.push([
      'ext',
      licence(p),
      licence(d),
      'layover',
      day(7 + (k % 5)),
      day(6),
      1 + (k % 9),
      40,
      `BULK-${Date.now()}-${k}`,
      'Net Terms',
      `MB-${k}`,
      'bench',
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Orders');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' });
}

/**
 * Removes the orders a bench wrote, with their list rows: one `_id` at a time, 500 at once (a `$in` of thousands
 * becomes an OR of as many conditions over the whole table in FerretDB's SQL: minutes).
 */
export async function removeOrders(db, ids) {
  const { ObjectId } = await import('mongodb');
  for (let i = 0; i < ids.length; i += 500)
    await Promise.all(
      ids
        .slice(i, i + 500)
        .flatMap((id) => [
          db.collection('orders').deleteOne({ _id: new ObjectId(id) }),
          db.collection('order_rows').deleteOne({ _id: new ObjectId(id) }),
        ]),
    );
}

/** One 5,000-row upload end to end: the POST, then the job polled until it completes (null: no bulk endpoint). */
export async function benchBulk({ base, pid, token, db, log }) {
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${base}/api/orders/bulk`, { method: 'POST', headers });
  if (probe.status === 404) return null;
  const file = await bulkWorkbook();
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench-5000.xlsx');
  const stopRss = watchRss(pid);
  const t0 = performance.now();
  let result;
  let rss;
  try {
    const res = await fetch(`${base}/api/orders/bulk`, { method: 'POST', headers, body: form });
    const body = await res.json();
    if (!res.ok)
      throw new Error(`POST /api/orders/bulk answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    result = body.data;
    const until = Date.now() + 120_000;
    while (result.jobId && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      const job = (await (await fetch(`${base}/api/orders/bulk/${result.jobId}`, { headers })).json()).data;
      if (job.state === 'failed') throw new Error(`bulk job failed: ${job.failedReason}`);
      if (job.state === 'completed') result = { ...job.result, jobId: null };
    }
  } finally {
    rss = stopRss();
  }
  const ms = performance.now() - t0;
  log(
    `orders.bulk.5000: ${result.saved} saved, ${result.errors?.length ?? 0} row errors, ${(ms / 1000).toFixed(1)} s`,
  );
  if (result.saved !== 5000) throw new Error(`orders.bulk.5000 saved ${result.saved} of 5000`);
  await removeOrders(
    db,
    result.savedRows.map((r) => r.id),
  );
  return { ...row('orders.bulk.5000', [ms], { rps: 5000 / (ms / 1000), rss }), errors: 0 };
}
