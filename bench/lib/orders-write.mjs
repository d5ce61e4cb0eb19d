// orders.create and orders.bulk.5000 (issue 12): the single-order create of part A and the bulk upload of part C,
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

export async function benchCreate({ base, pid, token, sub, db, log, connections = 4, seconds = SECONDS }) {
  const url = `${base}/api/orders/create`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const probe = await fetch(url, { method: 'POST', headers, body: JSON.stringify(createBody(0)) });
  if (probe.status === 404) return null;
  if (!probe.ok) throw new Error(`POST /api/orders/create answered ${probe.status}: ${await probe.text()}`);
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
  // the bench's own orders go again: the list data set stays the seeded 100,000
  const made = await db.collection('orders').deleteMany({ createdBy: sub });
  log(`orders.create: removed the ${made.deletedCount} orders it made`);
  const errors = bad + res.errors + res.timeouts;
  if (errors) console.warn(`orders.create: ${errors} failed requests (non-2xx ${bad})`);
  log(`orders.create: p95 ${row('x', lat, { rps: 0, rss: 0 }).p95_ms} ms, ${lat.length} orders`);
  return { ...row('orders.create', lat, { rps: lat.length / res.duration, rss }), errors };
}

export async function benchBulk({ base, token, log }) {
  const probe = await fetch(`${base}/api/orders/bulk/none`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (probe.status === 404 && (await probe.text()).includes('Route GET')) return null;
  log('orders.bulk.5000: endpoint found but the bench is not written yet');
  return null;
}
