// Function benchmarks (tinybench) of the list/get queries over the seeded 100,000 orders, one at a time, through
// FerretDB with the mongodb driver the services use. Each query also gets an `explain` so the table shows the plan.
import { Bench } from 'tinybench';
import { COMPANIES, EPOCH, STATUSES, ORDERS, companyId, isoWeek, manifestNumber } from './seed.mjs';
import { row, watchRss } from './measure.mjs';

const TIME_MS = Number(process.env.BENCH_FN_MS ?? 4000);
const WEEK = 7 * 86_400_000;
const sort = { createdAt: -1, _id: -1 };

/** The three queries, each a function of the iteration number so every call asks for a different page. */
export function queries(orders) {
  return {
    // One company's orders in one status, newest first: the customer's own list page.
    'db.list.100k': (k) => ({
      filter: { companyId: companyId((k * 7) % COMPANIES), status: STATUSES[k % STATUSES.length] },
      run: (q) => orders.find(q.filter).sort(sort).limit(50).toArray(),
    }),
    // Every company's orders in one status for one week (the period key is an equality filter), newest first.
    'db.list.wide.100k': (k) => ({
      filter: {
        status: STATUSES[k % STATUSES.length],
        deliveryWeek: isoWeek(EPOCH - (1 + (k % 50)) * WEEK),
      },
      run: (q) => orders.find(q.filter).sort(sort).limit(50).toArray(),
    }),
    // findOne by a unique field.
    'db.get.100k': (k) => ({
      filter: { manifestNumber: manifestNumber((k * 7919) % ORDERS) },
      run: (q) => orders.findOne(q.filter),
    }),
  };
}

/** Condenses FerretDB's explain: pushdown flags and the PostgreSQL plan's scan nodes (index names). */
export async function explain(db, filter, withSort) {
  const cmd = { find: 'orders', filter, limit: 50, ...(withSort ? { sort } : {}) };
  try {
    const r = await db.command({ explain: cmd, verbosity: 'queryPlanner' });
    // PostgreSQL's plan (JSON) under queryPlanner.Plan: every scan node with its index, if any.
    const scans = [];
    const walk = (n) => {
      if (!n || typeof n !== 'object') return;
      if (/Scan$/.test(n['Node Type'] ?? ''))
        scans.push(`${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}`);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(r.queryPlanner?.Plan);
    const flags = ['filterPushdown', 'sortPushdown', 'limitPushdown']
      .filter((f) => f in r)
      .map((f) => `${f}:${r[f]}`);
    return [...flags, ...new Set(scans)].join(', ') || JSON.stringify(r).slice(0, 200);
  } catch (err) {
    return `explain failed: ${err.message}`;
  }
}

export async function runDbBenches(db, { only, ferretPid, log }) {
  const orders = db.collection('orders');
  const defs = Object.entries(queries(orders)).filter(([name]) => only(name));
  const rows = [];
  const plans = {};
  for (const [name, make] of defs) {
    let k = 0;
    // A probe first: on a backend without serving indexes one query can take seconds (16.9 s on FerretDB with
    // SQLite); then a few calls are enough and the run stays bounded.
    const t = performance.now();
    const q0 = make(k++);
    await q0.run(q0);
    const slow = performance.now() - t > 1000;
    const bench = new Bench({
      time: slow ? 0 : TIME_MS,
      iterations: slow ? 3 : 20,
      warmup: !slow,
      warmupTime: 300,
      retainSamples: true,
      throws: true,
    });
    bench.add(name, async () => {
      const q = make(k++);
      await q.run(q);
    });
    const stop = watchRss(ferretPid);
    await bench.run();
    const rss = stop();
    const r = bench.tasks[0].result;
    const samples = r.latency?.samples ?? [];
    rows.push(row(name, samples, { rps: r.throughput?.mean ?? 1000 / r.latency.mean, rss }));
    plans[name] = await explain(db, make(1).filter, name !== 'db.get.100k');
    log(`${name}: ${samples.length} runs, p95 ${rows.at(-1).p95_ms} ms; plan: ${plans[name]}`);
  }
  return { rows, plans };
}
