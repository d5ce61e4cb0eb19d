import { NameModel, type NameEntry } from '../../models/order-projection.js';
import { vendorNameId } from './order.js';

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
