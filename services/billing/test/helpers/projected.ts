import { OrderProjection, toStored, type ProjectedOrder } from '../../src/readmodels/order-projection.js';

/** A projected order with every field at its default (what a blank event would project). */
const BLANK: ProjectedOrder = {
  _id: '',
  orderId: '',
  status: 0,
  orderType: '',
  orderDef: 'ext',
  pickupLN: '',
  destinationLN: '',
  vendorName: '',
  destName: '',
  deliveryDay: '',
  month: '',
  vendorMonth: '',
  week: '',
  route: '',
  pickupRoute: '',
  pickupDriver: '',
  deliveryDriver: '',
  companyKeys: [],
  deleted: 0,
  version: 1,
  createdAt: '',
  updatedAt: '',
  billing: {} as ProjectedOrder['billing'],
};

/**
 * Tests: insert projected orders straight into the projection in the STORED shape (readmodels/order-projection.ts
 * `toStored`: keys top-level, the rest one JSON text), batches of 1,000. Each doc needs at least `_id`.
 */
export async function seedProjected(docs: Partial<ProjectedOrder>[]): Promise<void> {
  const stored = docs.map((d) => toStored({ ...BLANK, ...d }));
  for (let i = 0; i < stored.length; i += 1000)
    await OrderProjection.collection.insertMany(stored.slice(i, i + 1000) as never[], { ordered: false });
}
