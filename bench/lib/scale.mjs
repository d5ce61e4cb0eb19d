// The data scales the orders, billing and dispatch benches run at: 100k (the default; its databases and row names
// are the committed ones) and 1m (`npm run bench -- --scale 1m`: ten times the orders and companies, in databases of
// their own beside the 100k ones, rows named `<name>.1m`). Per-company volume stays the same (500 orders a company):
// what grows is the database every query runs over.
import { BENCH_DB } from './seed.mjs';

export const SCALES = {
  '100k': {
    key: '100k',
    orders: 100_000,
    companies: 200,
    spanDays: 730, // two years: ~960 orders per delivery week
    drivers: 40, // ~2,500 orders each (lib/orders-drivers.mjs)
    ordersDb: `${BENCH_DB}_orders`,
    billingDb: 'portal_billing_bench',
    scheduleDb: `${BENCH_DB}_schedule`,
    // the committed row names stay as they were (bench/results compares against them)
    name: (base) => base,
  },
  '1m': {
    key: '1m',
    orders: 1_000_000,
    companies: 2_000,
    spanDays: 700, // 100 weeks: 10,000 orders per delivery week
    drivers: 400, // the same ~2,500 orders each as at 100k: ten times the fleet
    ordersDb: `${BENCH_DB}_1m_orders`,
    billingDb: 'portal_billing_bench_1m',
    scheduleDb: `${BENCH_DB}_1m_schedule`,
    name: (base) => (base.includes('.100k') ? base.replace('.100k', '.1m') : `${base}.1m`),
  },
};

/** The scales a run covers: `--scale 1m` measures the 100k set and the 1M set side by side. */
export function scalesOf(arg) {
  if (!arg || arg === '100k') return [SCALES['100k']];
  if (!SCALES[arg]) throw new Error(`--scale ${arg}: one of ${Object.keys(SCALES).join(', ')}`);
  return [SCALES['100k'], SCALES[arg]];
}

/** The goals of the 1m rows (the issue's): lists p95 < 50 ms, create p95 < 20 ms; the rest as at 100k. */
export const SCALE_GOALS = {
  'orders.list.1m': [(r) => r.p95_ms < 50, 'p95 < 50 ms'],
  ...Object.fromEntries(
    ['admin', 'outgoing', 'incoming', 'placed', 'driver', 'public'].map((k) => [
      `orders.list.1m.${k}`,
      [(r) => r.p95_ms < 50, 'p95 < 50 ms'],
    ]),
  ),
  'orders.create.1m': [(r) => r.p95_ms < 20, 'p95 < 20 ms'],
  'orders.bulk.5000.1m': [(r) => r.median_ms < 10_000, '< 10 s end to end'],
  'schedule.day.2000.1m': [(r) => r.p95_ms < 150, 'p95 < 150 ms'],
  'billing.recon.month.1m': [(r) => r.p95_ms < 200, 'p95 < 200 ms'],
  'reports.1m': [() => true, 'peak RSS flat (see growth)'],
};

const GROWTH_MAX = 1.5;

/**
 * The growth table of latest.md: each row of a bigger scale beside its 100k row in the results, p95 (a report's wall
 * time) and peak RSS, 100k → 1m as a factor; goal ≤ 1.5× for every figure. A report reads every order of the
 * period, so its wall time grows with the rows by design: its goal is the RSS (memory flat), its wall time per row
 * is given.
 */
export function growthLines(rows) {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const out = [];
  for (const scale of Object.values(SCALES).filter((s) => s.key !== '100k'))
    for (const big of rows.filter(
      (r) => r.name.endsWith(`.${scale.key}`) || r.name.includes(`.${scale.key}.`),
    )) {
      const base = [...byName.values()].find((r) => r.name !== big.name && scale.name(r.name) === big.name);
      if (!base) continue;
      const f = (a, b) => (a > 0 && b > 0 ? b / a : NaN);
      const p95 = f(base.p95_ms, big.p95_ms);
      const rss = f(base.rss_mb, big.rss_mb);
      const report = big.name.startsWith('reports.');
      const ok = (report ? [rss] : [p95, rss]).every((g) => !Number.isFinite(g) || g <= GROWTH_MAX);
      const x = (g) => (Number.isFinite(g) ? `${g.toFixed(2)}×` : '–');
      out.push(
        `| ${base.name} → ${big.name} | ${base.p95_ms} | ${big.p95_ms} | ${x(p95)} | ${base.rss_mb ?? '–'} | ${big.rss_mb ?? '–'} | ${x(rss)} | ${ok ? 'met' : '**missed**'}${report ? ' (RSS; wall grows with the rows read)' : ''} |`,
      );
    }
  if (!out.length) return [];
  return [
    '',
    // a partial run (--only) keeps the other rows of the previous results: the two sides may come from two runs
    '## Growth 100k → 1m (goal ≤ 1.5× for every figure; from one full run, or two runs under the same load)',
    '',
    '| rows | p95 ms 100k | p95 ms 1m | growth | peak RSS MB 100k | 1m | growth | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...out,
  ];
}
