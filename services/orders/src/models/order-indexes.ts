import type { Schema } from 'mongoose';

/**
 * The indexes the order lists need (the lists own this file; the order model applies it as a schema plugin:
 * `orderSchema.plugin(orderListIndexes)`). Each leads with the top-level key a list narrows by (docs/DATA.md rule 1),
 * then the default sort (newest first, keyset by createdAt/_id) so MongoDB serves the page from the index. Locally
 * the kit's migration adds one GIN index per leading field, which is what FerretDB's pushed-down equality uses.
 *
 * Plain indexes only (FerretDB does not keep `sparse`; every order carries every key, see domain/list-keys.ts).
 * Never two array keys in one index (companyKeys, driverIds, searchTokens): MongoDB refuses "parallel arrays".
 */
export const ORDER_LIST_INDEXES: Array<Record<string, 1 | -1>> = [
  // outgoing (vendor's pickups), incoming (deliveries to the company)
  { pickupKey: 1, createdAt: -1, _id: -1 },
  { destKey: 1, createdAt: -1, _id: -1 },
  // placed, admin's one company, public weekly view (with deliveryWeek)
  { companyKeys: 1, createdAt: -1, _id: -1 },
  // admin's week (optionally one status) and date range (one day at a time)
  { deliveryWeek: 1, status: 1, createdAt: -1, _id: -1 },
  { deliveryDay: 1, createdAt: -1, _id: -1 },
  // driver's list
  { driverIds: 1, createdAt: -1, _id: -1 },
  // search across all history (a whole token); prefixes are matched inside a narrowed list
  { searchTokens: 1 },
  { createdMonth: 1, createdAt: -1, _id: -1 },
];

export function orderListIndexes(schema: Schema): void {
  for (const fields of ORDER_LIST_INDEXES) schema.index(fields);
}
