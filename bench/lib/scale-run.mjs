// The benches of a data scale beyond the default 100k (lib/scale.mjs; `npm run bench -- --scale 1m`): its seed
// (orders, billing's projection, routing's read model; each once, reused by its marker) and its rows (named
// `<name>.1m`: orders lists, create, bulk, the recon month, the schedule day, the report run), measured as at 100k
// over the scale's own databases. `growth` sets each figure beside its 100k one.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { POSTGRES_URL } from './gin.mjs';
import { runParts } from './measure.mjs';
import { migrateOrders } from './orders.mjs';
import { runOrderBenches } from './orders-run.mjs';
import { seedOrders } from './orders-seed.mjs';
import { ensureBenchIndexes, seedBench } from './billing-bench-seed.mjs';
import { seedSchedule } from './schedule-day.mjs';

const run = promisify(execFile);
const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(0);

/** The disk a bench database takes in FerretDB's PostgreSQL (its schema: tables, TOAST and indexes), in MB. */
export async function diskMb(db) {
  const sql =
    'SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n ' +
    `ON n.oid = c.relnamespace WHERE n.nspname = '${db.replace(/'/g, "''")}' AND c.relkind = 'r'`;
  try {
    const { stdout } = await run('psql', ['-XAtq', '-d', POSTGRES_URL, '-c', sql]);
    return Math.round(Number(stdout.trim()) / 1e6);
  } catch {
    return NaN;
  }
}

/** Seeds every data set of a scale (each skipped when its marker is there) and builds their indexes. */
export async function seedScale(ctx, scale) {
  const { root, logDir, env, client, log } = ctx;
  let t0 = Date.now();
  await seedOrders(client, root, log, scale);
  await migrateOrders(root, logDir, env, scale.ordersDb);
  log(`${scale.key}: orders seeded and indexed (${secs(t0)} s this run)`);
  t0 = Date.now();
  await seedBench(client, log, scale);
  await ensureBenchIndexes(client, log, scale.billingDb);
  log(`${scale.key}: billing projection seeded and indexed (${secs(t0)} s this run)`);
  t0 = Date.now();
  await seedSchedule(ctx, scale);
  log(`${scale.key}: routing read model seeded and indexed (${secs(t0)} s this run)`);
  const sizes = [];
  for (const db of [scale.ordersDb, scale.billingDb, scale.scheduleDb])
    sizes.push(`${db} ${await diskMb(db)} MB`);
  const seeded = await client.db(scale.ordersDb).collection('bench_meta').findOne({ _id: 'orders' });
  const note = `${scale.key} data sets on disk (PostgreSQL, with indexes): ${sizes.join(', ')}; the orders seed took ${seeded?.seconds ?? '?'} s when it ran.`;
  log(note);
  return note;
}

/**
 * Every bench of the scale that `only` wants: { rows, notes }. A part that fails (a report over its time limit on a
 * busy machine) is a note, not the end of the run: the figures of the others stand.
 */
export async function runScale(ctx, scale) {
  const c = { ...ctx, scale };
  const out = { rows: [], notes: [await seedScale(ctx, scale)] };
  const add = async (what, run) => {
    try {
      const r = await run();
      out.rows.push(...r.rows);
      out.notes.push(...r.notes);
    } catch (err) {
      ctx.log(`${what} ${scale.key} failed: ${err.message}`);
      out.notes.push(`**${what} ${scale.key} failed: ${String(err.message).slice(0, 300)}**`);
    }
  };
  if (['orders.list.100k', 'orders.create', 'orders.bulk.5000'].some((n) => ctx.only(scale.name(n))))
    await add('orders', () => runOrderBenches(c));
  for (const part of [
    ['schedule.day.2000', './schedule-day.mjs', 'runScheduleDay'],
    ['billing.recon.month', './billing-recon.mjs', 'runBillingRecon'],
    ['reports.100k', './reports-100k.mjs', 'runReports100k'],
  ])
    await add(part[0], () => runParts(c, [part]));
  return out;
}
