import { JOB_DEFAULTS } from '@portal/service-kit';
import {
  NameModel,
  OrderProjection,
  fromStored,
  type ProjectedOrder,
} from '../../readmodels/order-projection.js';
import type { Names } from './kinds.js';

/** Orders read per round trip (a cancel is noticed between two batches): the queue helper's batch (100). */
export const BATCH = JOB_DEFAULTS.batch;

/**
 * One day's projected orders (equality on `deliveryDay`: FerretDB pushes it down to its index, about 1,000 rows a
 * day at 100,000 orders), read in batches through a cursor: never the whole range in memory.
 */
export async function* dayBatches(day: string, size = BATCH): AsyncGenerator<ProjectedOrder[]> {
  const cursor = OrderProjection.find({ deliveryDay: day })
    .sort({ _id: 1 })
    .lean()
    .cursor({ batchSize: size });
  let batch: ProjectedOrder[] = [];
  try {
    for await (const doc of cursor) {
      batch.push(fromStored(doc));
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    await cursor.close().catch(() => undefined);
  }
}

/**
 * Route and driver names (NameModel, equality on `kind`: a few hundred rows each), loaded once per run. An id
 * without a name shows as the id; none shows as ''.
 */
export async function loadNames(): Promise<Names> {
  const [routes, drivers] = await Promise.all(
    (['route', 'driver'] as const).map((kind) =>
      NameModel.find({ kind }, { name: 1 }).lean<{ _id: string; name: string }[]>(),
    ),
  );
  const map = (rows: { _id: string; name: string }[], prefix: string) =>
    new Map(rows.map((r) => [r._id.slice(prefix.length), r.name]));
  const route = map(routes, 'route:');
  const driver = map(drivers, 'driver:');
  return {
    route: (id) => (id ? (route.get(id) ?? id) : ''),
    driver: (id) => (id ? (driver.get(id) ?? id) : ''),
  };
}
