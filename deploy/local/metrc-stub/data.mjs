// The Metrc stub's data set: transfers keyed by manifest number, in the shapes of the public Metrc v1 transfers API
// (outgoing transfer, its deliveries, a delivery's packages). Either given (tests: startMetrcStub({transfers}) or
// PUT /__stub/transfers) or derived from the demo orders (the orders service's database, read only): the state system
// "knows" what the demo companies shipped, with a few deterministic differences so a sync shows every result.
import { createHash } from 'node:crypto';

/**
 * A transfer as given: {manifestNo, shipper, recipient, packages: [state…] or a count, state: 'pending' |
 * 'in-transit' | 'received' | 'rejected' | 'partial', lastModified (ISO)}. Package states are Metrc's
 * ShipmentPackageState: Shipped, Accepted, Rejected, Returned.
 */
export function transferOf(t, i) {
  const n = Array.isArray(t.packages) ? t.packages.length : Number(t.packages ?? 1);
  const states = Array.isArray(t.packages) ? t.packages : packageStates(t.state ?? 'pending', n);
  const modified = t.lastModified ?? new Date().toISOString();
  const departed = t.state && t.state !== 'pending';
  const received = ['received', 'rejected', 'partial'].includes(t.state);
  const id = t.id ?? 100000 + i;
  return {
    Id: id,
    ManifestNumber: t.manifestNo,
    ShipperFacilityLicenseNumber: t.shipper,
    ShipperFacilityName: t.shipperName ?? t.shipper,
    Name: null,
    TransporterFacilityLicenseNumber: t.shipper,
    DeliveryCount: 1,
    ReceivedDeliveryCount: received ? 1 : 0,
    PackageCount: n,
    ReceivedPackageCount: received ? states.filter((s) => s === 'Accepted').length : 0,
    CreatedDateTime: modified,
    LastModified: modified,
    delivery: {
      Id: id * 10 + 1,
      ManifestNumber: t.manifestNo,
      RecipientFacilityLicenseNumber: t.recipient,
      RecipientFacilityName: t.recipientName ?? t.recipient,
      ShipmentTypeName: 'Transfer',
      ShipmentTransactionType: 'Standard',
      EstimatedDepartureDateTime: modified,
      ActualDepartureDateTime: departed ? modified : null,
      EstimatedArrivalDateTime: modified,
      ActualArrivalDateTime: received ? modified : null,
      DeliveryPackageCount: n,
      DeliveryReceivedPackageCount: received ? states.filter((s) => s === 'Accepted').length : 0,
      ReceivedDateTime: received ? modified : null,
      packages: states.map((s, k) => ({
        PackageId: id * 100 + k,
        PackageLabel: `1A40${String(id).padStart(8, '0')}${String(k).padStart(12, '0')}`,
        ProductName: 'Flower 3.5g',
        ShipmentPackageState: s,
        ShippedQuantity: 1,
        ShippedUnitOfMeasureName: 'Each',
        ReceivedQuantity: s === 'Accepted' ? 1 : 0,
      })),
    },
  };
}

function packageStates(state, n) {
  const all = (s) => Array.from({ length: n }, () => s);
  if (state === 'received') return all('Accepted');
  if (state === 'rejected') return all('Rejected');
  if (state === 'partial') return all('Accepted').map((s, k) => (k === 0 ? 'Rejected' : s));
  return all('Shipped');
}

const hashOf = (s) => createHash('sha256').update(s).digest().readUInt32BE(0);

/** What Metrc would show for an order of this status (orders' numeric statuses). */
const STATE_OF_STATUS = {
  0: 'pending',
  1: 'pending',
  7: 'in-transit',
  2: 'in-transit',
  4: 'in-transit',
  3: 'received',
  5: 'rejected',
  6: 'partial',
};

/**
 * The demo orders as Metrc transfers: one per live order with a manifest number (billing.manifest), shipper the
 * pickup licence, recipient the destination licence, one package per box (weight), the state of its status, last
 * modified on its pickup day. By the manifest number's hash: 1 in 17 is missing (not found), 1 in 13 has one more
 * package, 1 in 11 another recipient, 1 in 9 (of the delivered) still in transit.
 */
export function transfersFromOrders(orders) {
  const out = [];
  for (const o of orders) {
    const no = o.data?.billing?.manifest;
    const order = o.data?.order ?? {};
    const state = STATE_OF_STATUS[order.status];
    if (!no || !state || o.deleted) continue;
    const h = hashOf(String(no));
    if (h % 17 === 3) continue;
    const boxes = Math.max(1, Math.floor(Number(order.weight) || 1));
    const day = Date.parse(order.pickupDate ?? order.preferredPickup ?? o.createdAt) || Date.now();
    out.push({
      manifestNo: String(no),
      shipper: order.pickupLN,
      shipperName: o.data?.pickupCompany?.Licensee,
      recipient: h % 11 === 7 ? `${order.destinationLN}-X` : order.destinationLN,
      recipientName: o.data?.destCompany?.Licensee,
      packages: boxes + (h % 13 === 5 ? 1 : 0),
      state: state === 'received' && h % 9 === 4 ? 'in-transit' : state,
      lastModified: new Date(day).toISOString(),
    });
  }
  return out;
}

/** The demo orders from MONGO_URL's orders database (read only), or [] when it cannot be reached. */
export async function readDemoOrders(mongoUrl, dbName) {
  let client;
  try {
    const { MongoClient } = await import('mongodb');
    client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 3000 });
    await client.connect();
    return await client
      .db(dbName)
      .collection('orders')
      .find({ deleted: 0 }, { projection: { orderId: 1, deleted: 1, createdAt: 1, data: 1 } })
      .toArray();
  } catch {
    return [];
  } finally {
    await client?.close().catch(() => {});
  }
}
