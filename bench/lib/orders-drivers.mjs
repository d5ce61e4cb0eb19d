// The bench's fleet drivers: 40 at 100k, ten times as many at 1m (lib/scale.mjs `drivers`), so a driver holds the same
// orders at every scale (~2,500: the driver list reads as many rows at 1m as at 100k), as a portal ten times bigger
// has ten times the drivers. The seed draws a driver of the 40 as it always did (the 100k set stays as it was) and
// spreads it over `drivers / 40` groups by the order's index: driver d of order i is d + 40 × (i mod groups).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { POSTGRES_URL } from './gin.mjs';

export const N_DRIVERS = 40;
export const driverId = (d) => `bench-drv-${String(d).padStart(2, '0')}`;

/** The driver of the order of index i whose draw among the 40 is `drawn`, at a scale with `drivers` drivers. */
export const driverOf = (i, drawn, drivers = N_DRIVERS) =>
  drawn + N_DRIVERS * (i % Math.max(1, Math.round(drivers / N_DRIVERS)));

/** The order's index in the seed, from its ID (`B-<100000 + i>`). */
const indexOf = (orderId) => Number(String(orderId).slice(2)) - 100_000;

/**
 * A set seeded when every scale had 40 drivers, brought to the scale's drivers in place, once (marker
 * `bench_meta.drivers`; a fresh seed writes it): the orders of the driver the bench measures (driverId(measured), the
 * demo driver's) move to their spread driver, with their list rows. Bounded: that driver's orders only (~25,000 at
 * 1m, a created month at a time, one pushed-down equality each); its list is then exactly a fresh seed's. The other
 * 39 keep theirs until the set is seeded again (they are not measured).
 */
export async function spreadDrivers(db, log, { drivers = N_DRIVERS, spanDays }, rowOf, measured) {
  if (drivers === N_DRIVERS) return;
  const meta = db.collection('bench_meta');
  if ((await meta.findOne({ _id: 'drivers' }))?.n === drivers) return;
  const t0 = Date.now();
  const from = driverId(measured);
  const now = (await meta.findOne({ _id: 'orders' }))?.now ?? Date.now();
  const months = new Set();
  for (let t = now - (spanDays + 31) * 86_400_000; t <= Date.now() + 62 * 86_400_000; t += 86_400_000)
    months.add(new Date(t).toISOString().slice(0, 7));
  let moved = 0;
  for (const m of months) {
    const docs = await db.collection('orders').find({ driverIds: from, createdMonth: m }).toArray();
    const orders = [];
    const rows = [];
    for (const doc of docs) {
      const to = driverId(driverOf(indexOf(doc.orderId), measured, drivers));
      if (to === from) continue;
      const driver = { ...doc.data.order.driver, pickup: to, delivery: to };
      doc.data.order.driver = driver;
      doc.driverIds = [to, to];
      orders.push({
        updateOne: {
          filter: { _id: doc._id },
          update: { $set: { 'data.order.driver': driver, driverIds: doc.driverIds } },
        },
      });
      rows.push({ replaceOne: { filter: { _id: doc._id }, replacement: rowOf(doc) } });
    }
    if (!orders.length) continue;
    await db.collection('orders').bulkWrite(orders, { ordered: false });
    await db.collection('order_rows').bulkWrite(rows, { ordered: false });
    moved += orders.length;
  }
  // the moved documents' old versions stay in the GIN indexes until a vacuum (25,000 dead entries made the driver's
  // scope read ten times its rows); autovacuum waits for a fifth of the table to change
  await vacuum(db.databaseName, ['orders', 'order_rows'], log);
  await meta.updateOne({ _id: 'drivers' }, { $set: { n: drivers, moved } }, { upsert: true });
  log(
    `orders: ${moved} orders of ${from} spread over ${drivers} drivers in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** VACUUM (ANALYZE) of collections' FerretDB tables (psql); a failure (no PostgreSQL) is logged, not fatal. */
async function vacuum(db, collections, log) {
  const q = (sql) => promisify(execFile)('psql', ['-XAtq', '-d', POSTGRES_URL, '-c', sql]);
  try {
    for (const c of collections) {
      const { stdout } = await q(
        `SELECT _jsonb->>'table' FROM "${db}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = '${c}'`,
      );
      if (stdout.trim()) await q(`VACUUM (ANALYZE) "${db}"."${stdout.trim()}"`);
    }
  } catch (err) {
    log(`orders: vacuum after the drivers' spread skipped: ${String(err.message).split('\n')[0]}`);
  }
}
