import { Order } from '../models/order.js';
import { OrderRowModel, OrderRowsMeta } from '../models/order-row.js';
import { batchedInsert, onIntentAbandoned } from '@portal/service-kit';
import { rowOf } from './lists-rows.js';

export { rowOf, storedOf } from './lists-rows.js';

/**
 * The list rows (models/order-row.ts), kept beside the orders: every write path writes its order's row after the
 * order (order-write.ts create and commit, bulk/write.ts, the demo seed), never an older version over a newer one.
 * Orders written before rows existed get theirs once per database (`ensureRows`: a background backfill on the first
 * list call, batched inserts, idempotent); until it is done the lists read the orders collection as before.
 */
/**
 * The rows' shape: 2, sort values top-level (the patched FerretDB sorts and matches in PostgreSQL); 3, rows written
 * again, stored uncompressed; 4, `tok` one text; 5, the manifest's number (not its file name) and both legs' vehicles;
 * 6, the drivers as two scalar keys (`driverPickup`, `driverDelivery`) instead of the `driverIds` array.
 * A database whose marker names another version is refilled.
 */
export const ROWS_VERSION = 6;

type Any = Record<string, any>;

const isDuplicate = (err: unknown) => {
  const e = err as { code?: number; writeErrors?: { code?: number; err?: { code?: number } }[] };
  return (
    e.code === 11000 ||
    (!!e.writeErrors?.length && e.writeErrors.every((w) => (w.code ?? w.err?.code) === 11000))
  );
};

/**
 * One order's row after a write of the order: replaced unless the stored row is newer (two writes of one order may
 * finish in either order; the one with the higher version stays). A newer row makes the upsert's insert a
 * duplicate, which is the answer "keep it".
 */
export async function writeRow(doc: Any): Promise<void> {
  const row = rowOf(doc);
  const { _id, ...set } = row;
  await OrderRowModel.collection
    .updateOne({ _id, v: { $lte: row.v } }, { $set: set }, { upsert: true })
    .catch((err) => {
      if (!isDuplicate(err)) throw err;
    });
}

/** The rows of new orders (bulk upload, seed): one insert; a row already there (a later write) stays. */
export async function insertRows(docs: Any[]): Promise<void> {
  if (!docs.length) return;
  await OrderRowModel.collection.insertMany(docs.map(rowOf) as never[], { ordered: false }).catch((err) => {
    if (!isDuplicate(err)) throw err;
  });
}

/**
 * A new order's row (the single create): inserted in one batch with the rows of concurrent creates (the kit's
 * batchedInsert); a row already there (a later write) stays.
 */
export async function insertRow(doc: Any): Promise<void> {
  await batchedInsert(OrderRowModel.collection, rowOf(doc) as never).catch((err) => {
    if (!isDuplicate(err)) throw err;
  });
}

/** The rows of removed orders (the demo seed's re-made ones; an order whose create failed). */
export async function deleteRows(ids: unknown[]): Promise<void> {
  if (ids.length) await OrderRowModel.collection.deleteMany({ _id: { $in: ids as never[] } });
}

// a create writes the row beside the order once its intent is written (order-write.ts): an order that never came
// (the process died between) loses its row when the sweep drops the intent
onIntentAbandoned(Order, (id) => deleteRows([id]));

/** Orders placed before this month have no row to backfill (the portal's data starts after it). */
export const FIRST_MONTH = '2000-01';

/** The months ('YYYY-MM') from FIRST_MONTH to the one after `now`. */
export function backfillMonths(now = new Date()): string[] {
  const out: string[] = [];
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  for (let d = new Date(`${FIRST_MONTH}-01T00:00:00Z`); d <= end; d.setUTCMonth(d.getUTCMonth() + 1))
    out.push(d.toISOString().slice(0, 7));
  return out;
}

/**
 * Every order without a row gets one (orders written before rows existed): a created month at a time (one
 * pushed-down equality each: a short read — a scan of every order would hold a PostgreSQL snapshot for minutes on
 * a large database, stalling every concurrent index build), their rows inserted in batches; rows already there are
 * newer and stay. Answers the number of orders read.
 */
export async function backfillRows(batch = 500, now = new Date()): Promise<number> {
  // rows of an older shape are made again: emptied first (a write meanwhile writes its row in the new shape)
  const meta = await OrderRowsMeta.findById('rows').lean<{ version?: number }>();
  if (meta && meta.version !== ROWS_VERSION) {
    await OrderRowModel.collection.deleteMany({});
    await OrderRowsMeta.deleteOne({ _id: 'rows' });
  }
  let n = 0;
  for (const m of ['', ...backfillMonths(now)]) {
    const docs = await Order.find({ createdMonth: m }).lean<Any[]>();
    for (let i = 0; i < docs.length; i += batch) await insertRows(docs.slice(i, i + batch));
    n += docs.length;
  }
  await OrderRowsMeta.updateOne(
    { _id: 'rows' },
    { $set: { version: ROWS_VERSION, at: new Date() } },
    { upsert: true },
  );
  return n;
}

let ready = false;
let running: Promise<void> | undefined;

/**
 * Whether the lists may read rows: true once this database's marker says every order has its row. The first call
 * without it starts the backfill in the background (the caller reads orders meanwhile).
 */
export async function rowsReady(log?: { warn: (o: object, m: string) => void }): Promise<boolean> {
  if (forced !== undefined) return forced;
  if (ready) return true;
  const meta = await OrderRowsMeta.findById('rows').lean<{ version?: number }>();
  if (meta?.version === ROWS_VERSION) return (ready = true);
  running ??= backfillRows()
    .then(() => {
      ready = true;
    })
    .catch((err) => log?.warn({ err: (err as Error).message }, 'order rows backfill stopped'))
    .finally(() => {
      running = undefined;
    });
  return false;
}

let forced: boolean | undefined;
/** Tests: read rows (true) or orders (false) whatever the marker says; undefined: the marker decides again. */
export function forceRows(v: boolean | undefined): void {
  forced = v;
  ready = false;
}

/** Tests and benches: wait for a backfill this process started. */
export const rowsBackfill = (): Promise<void> | undefined => running;
