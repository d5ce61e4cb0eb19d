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

/**
 * routing.route.changed.v1 → `route:<id>`, fleet.driver.changed.v1 → `driver:<id>` (a deleted one keeps its name,
 * marked deleted: old orders show it). One consumer per owner's stream.
 */
const NAME_FEEDS = [
  {
    kind: 'route',
    durable: 'billing-projection-routes',
    stream: STREAMS.routing,
    subject: Subjects.routeChanged,
  },
  {
    kind: 'driver',
    durable: 'billing-projection-drivers',
    stream: STREAMS.fleet,
    subject: Subjects.driverChanged,
  },
] as const;
export const [projectionRoutesConsumer, projectionDriversConsumer] = NAME_FEEDS.map((f) =>
  defineConsumer({
    durable: f.durable,
    stream: f.stream,
    subjects: [f.subject],
    concurrency: 1,
    async handle(event) {
      const d = event.data as {
        action: string;
        route?: { id: string; name: string };
        driver?: typeof d.route;
      };
      const named = d[f.kind]!;
      await applyName(f.kind, named.id, named.name, d.action === 'deleted', event.time);
    },
  }),
);
