import {
  MetrcMessages,
  OrderStatus,
  type MetrcMismatch,
  type MetrcOrderResult,
  type MetrcState,
} from '@portal/contracts';
import type { MetrcDelivery, MetrcPackage, MetrcTransfer } from '../../adapters/metrc/types.js';

/**
 * The rules of the sync, pure: what Metrc's transfer says (state from departure/receipt and package states) against
 * what the order says (licences, box count, status). Decided (docs/decisions/021-metrc-sync.md): one Metrc package per box
 * (the order's box count, `weight`); the shipper is the pickup licence, the recipient the destination licence.
 */

/** The order's facts the sync compares. */
export interface SyncOrder {
  id: string;
  orderId: string;
  manifestNo: string;
  pickupLN: string;
  destinationLN: string;
  status: number;
  boxes: number;
  /** Its delivery day (the deliveryDay list key): where its transfer is looked for. */
  day: string;
}

/** A transfer with the delivery to this order's recipient (or the first) and that delivery's packages. */
export interface FoundTransfer {
  transfer: MetrcTransfer;
  delivery?: MetrcDelivery;
  packages: MetrcPackage[];
}

/** Metrc's state of a delivery. */
export function metrcStateOf(delivery: MetrcDelivery | undefined, packages: MetrcPackage[]): MetrcState {
  const rejected = packages.filter(
    (p) => p.ShipmentPackageState === 'Rejected' || p.ShipmentPackageState === 'Returned',
  );
  if (packages.length && rejected.length === packages.length) return 'rejected';
  if (rejected.length) return 'partial';
  if (
    delivery?.ReceivedDateTime ||
    (packages.length && packages.every((p) => p.ShipmentPackageState === 'Accepted'))
  )
    return 'received';
  if (delivery?.ActualDepartureDateTime) return 'in-transit';
  return 'pending';
}

/** The Metrc states that agree with an order status (an exception is a delivery that did not happen yet). */
export function statesFor(status: number): MetrcState[] {
  switch (status) {
    case OrderStatus.received:
    case OrderStatus.approved:
      return ['pending'];
    case OrderStatus.pickedUp:
    case OrderStatus.inTransit:
      return ['pending', 'in-transit'];
    case OrderStatus.exception:
      return ['pending', 'in-transit'];
    case OrderStatus.delivered:
      return ['received'];
    case OrderStatus.fullRejection:
      return ['rejected'];
    case OrderStatus.partialRejection:
      return ['partial'];
    default:
      return [];
  }
}

const STATE_WORDS: Record<MetrcState, string> = {
  pending: 'not departed',
  'in-transit': 'in transit',
  received: 'received',
  rejected: 'rejected',
  partial: 'partly rejected',
};

/** One order against what Metrc holds under its manifest number (undefined: not there). */
export function compareOrder(
  o: SyncOrder,
  found: FoundTransfer | undefined,
  statusName: string,
): MetrcOrderResult {
  const base = { id: o.id, orderId: o.orderId, manifestNo: o.manifestNo, recorded: false };
  if (!o.manifestNo)
    return { ...base, result: 'not-found', mismatches: [], reason: MetrcMessages.noManifestReason };
  if (!found) return { ...base, result: 'not-found', mismatches: [], reason: MetrcMessages.notFoundReason };
  const { transfer, delivery, packages } = found;
  const state = metrcStateOf(delivery, packages);
  const count = packages.length || delivery?.DeliveryPackageCount || transfer.PackageCount || 0;
  const shipper = transfer.ShipperFacilityLicenseNumber ?? '';
  const recipient = delivery?.RecipientFacilityLicenseNumber ?? '';
  const mismatches: MetrcMismatch[] = [];
  const reasons: string[] = [];
  if (!sameLicence(shipper, o.pickupLN) || !sameLicence(recipient, o.destinationLN)) {
    mismatches.push('licence');
    reasons.push(`Licence: order ${o.pickupLN} → ${o.destinationLN}, Metrc ${shipper} → ${recipient || '—'}`);
  }
  if (count !== o.boxes) {
    mismatches.push('package-count');
    reasons.push(`Package count: order ${o.boxes}, Metrc ${count}`);
  }
  if (!statesFor(o.status).includes(state)) {
    mismatches.push('status');
    reasons.push(`Status: order ${statusName}, Metrc ${STATE_WORDS[state]}`);
  }
  return {
    ...base,
    result: mismatches.length ? 'mismatch' : 'synced',
    mismatches,
    reason: reasons.join('; '),
    metrc: { transferId: transfer.Id, state, packages: count, shipper, recipient },
  };
}

const norm = (l: string) => l.trim().toUpperCase();
export const sameLicence = (a: string, b: string) => !!a && norm(a) === norm(b);

/** The delivery of a transfer meant for this recipient, else the first (a licence mismatch then shows). */
export function deliveryFor(deliveries: MetrcDelivery[], recipient: string): MetrcDelivery | undefined {
  return deliveries.find((d) => sameLicence(d.RecipientFacilityLicenseNumber, recipient)) ?? deliveries[0];
}
