import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { NameModel, type NameEntry } from './order-projection.js';
import { vendorNameId } from './order.js';
import { applyName } from './store.js';

/**
 * Names for the other parts: `namesOf('route', ids)` → Map id → name (routes from routing, drivers from fleet,
 * vendors by licence number from orders' vendorName). An unknown id is absent from the map. One equality-per-id read
 * (`_id $in`, pushed down by _id).
 */
export async function namesOf(
  kind: 'route' | 'driver' | 'vendor',
  ids: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const idOf = (id: string) => (kind === 'vendor' ? vendorNameId(id) : `${kind}:${id}`);
  const byKey = new Map(wanted.map((id) => [idOf(id), id]));
  const out = new Map<string, string>();
  if (!wanted.length) return out;
  const docs = await NameModel.find({ _id: { $in: [...byKey.keys()] } }).lean<NameEntry[]>();
  for (const d of docs) {
    const id = byKey.get(d._id);
    if (id !== undefined && d.name) out.set(id, d.name);
  }
  return out;
}

/** routing.route.changed.v1 → `route:<id>` (a deleted route keeps its name, marked deleted: old orders show it). */
export const projectionRoutesConsumer = defineConsumer({
  durable: 'billing-projection-routes',
  stream: STREAMS.routing,
  subjects: [Subjects.routeChanged],
  concurrency: 1,
  async handle(event) {
    const { action, route } = event.data;
    await applyName('route', route.id, route.name, action === 'deleted', event.time);
  },
});

/** fleet.driver.changed.v1 → `driver:<id>`. */
export const projectionDriversConsumer = defineConsumer({
  durable: 'billing-projection-drivers',
  stream: STREAMS.fleet,
  subjects: [Subjects.driverChanged],
  concurrency: 1,
  async handle(event) {
    const { action, driver } = event.data;
    await applyName('driver', driver.id, driver.name, action === 'deleted', event.time);
  },
});
