import { cpus, loadavg } from 'node:os';
// The orders benches, run by run.mjs: seed (once), start an orders instance over the bench database,
// then orders.list.100k (every list), orders.create and orders.bulk.5000 (when their endpoints are served). At
// another scale (lib/scale.mjs: --scale 1m) the same over that scale's database, rows renamed (orders.list.1m, …).
import { demoToken } from './http.mjs';
import { seedOrders } from './orders-seed.mjs';
import { seedBenchLicences, seedBenchMembers } from './orders-callers.mjs';
import { SCALES } from './scale.mjs';
import { loadLists, migrateOrders, startOrders } from './orders.mjs';
import { benchBulk, benchCreate } from './orders-write.mjs';
import { rssMb } from './measure.mjs';
import { settled } from './settle.mjs';

const subOf = (t) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sub;

export async function runOrderBenches({
  root,
  logDir,
  env,
  client,
  only,
  log,
  stops,
  scale = SCALES['100k'],
}) {
  const rows = [];
  const notes = [];
  const name = scale.name;
  const { db, now } = await seedOrders(client, root, log, scale);
  const names = ['superadmin', 'accountadmin', 'user', 'driver'];
  const tokens = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await demoToken(env, `${n}@demo.portal`)])),
  );
  const subs = Object.fromEntries(names.map((n) => [n, subOf(tokens[n])]));
  await seedBenchMembers(db, subs);
  await seedBenchLicences(db, scale.companies);
  // The seeded orders stand for a history anchored as it was written (the orders service anchors every minute from
  // its first order): the ledger's cursor starts after the seed, so the instance's anchoring reads what the bench
  // writes, as on a portal that has run for years, not a first run over a whole unanchored database.
  await db
    .collection('ledger_meta')
    .updateOne({ _id: 'cursor' }, { $setOnInsert: { at: new Date(now) } }, { upsert: true });
  const t0 = Date.now();
  await migrateOrders(root, logDir, env, scale.ordersDb);
  log(`orders ${scale.key}: indexes ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const orders = await startOrders(root, logDir, env, scale.ordersDb);
  stops.push(orders.stop);
  await seedBenchMembers(db, subs); // again: the instance's first feed fill may have added the demo users
  try {
    if (only(name('orders.list.100k'))) {
      // the machine is shared: the load at the start says how much of a figure is the bench's own
      notes.push(
        `orders.* ${scale.key}: load average at the start ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} on ${cpus().length} cores.`,
      );
      rows.push(...(await loadLists({ base: orders.base, pid: orders.pid, now, tokens, log, name })));
      const perWeek = Math.round(scale.orders / (scale.spanDays / 7) / 10) * 10;
      notes.push(
        `${name('orders.list.100k')}: GET /api/orders on an orders instance started by the bench over ${scale.ordersDb} (${scale.orders.toLocaleString('en')} ` +
          `orders over ${scale.companies} companies, ${scale.spanDays} days, ~${perWeek} per delivery week, two ledger entries each), one connection (one user's page latency), ` +
          'real demo tokens; each request the first page of a list with a filter, a sort and a search, cycling weeks, ' +
          `companies and words (bench/lib/orders.mjs listRequests). One row per list, ${name('orders.list.100k')} = all together. ` +
          `Goal: p95 < ${scale.key === '100k' ? 100 : 50} ms.`,
      );
    }
    if (only(name('orders.create'))) {
      await settled(log); // the stack's consumers done with what an earlier write bench published
      const r = await benchCreate({
        base: orders.base,
        pid: orders.pid,
        token: tokens.superadmin,
        sub: subs.superadmin,
        db,
        log,
      });
      if (r) rows.push({ ...r, name: name(r.name) });
      notes.push(
        r
          ? `${name('orders.create')}: POST /api/orders/create as staff, 4 connections, a valid order each (bench/lib/orders-write.mjs). Goal: p95 < ${scale.key === '100k' ? 50 : 20} ms.`
          : 'orders.create: not measured — POST /api/orders/create is not served by services/orders yet.',
      );
    }
    if (only(name('orders.bulk.5000'))) {
      await settled(log);
      // a failed upload is reported, not fatal: the other figures of the run stand
      const r = await benchBulk({
        base: orders.base,
        pid: orders.pid,
        token: tokens.superadmin,
        db,
        log,
      }).catch(
        (err) => (
          notes.push(`**${name('orders.bulk.5000')} failed: ${String(err.message).slice(0, 300)}**`),
          undefined
        ),
      );
      if (r) rows.push({ ...r, name: name(r.name) });
      notes.push(
        r === undefined
          ? `${name('orders.bulk.5000')}: see the failure above.`
          : r
            ? `${name('orders.bulk.5000')}: one 5,000-row xlsx through POST /api/orders/bulk until its job reports done (end to end). Goal: < 10 s.`
            : 'orders.bulk.5000: not measured — POST /api/orders/bulk is not served by services/orders yet.',
      );
    }
    // what the instance keeps once its benches are done (10 s idle), beside the peaks of the rows
    await new Promise((r) => setTimeout(r, 10_000));
    notes.push(
      `orders ${scale.key}: the instance's RSS 10 s after its benches: ${rssMb(orders.pid).toFixed(0)} MB.`,
    );
  } finally {
    await orders.stop();
  }
  return { rows, notes };
}
