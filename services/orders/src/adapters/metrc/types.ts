/**
 * The parts of the public Metrc v1 transfers API the sync reads (field names as Metrc spells them; more fields come
 * and are ignored). v1 answers plain arrays.
 */

/** GET /transfers/v1/outgoing?licenseNumber&lastModifiedStart&lastModifiedEnd (a window of at most 24 hours). */
export interface MetrcTransfer {
  Id: number;
  ManifestNumber: string;
  ShipperFacilityLicenseNumber: string;
  ShipperFacilityName?: string | null;
  DeliveryCount?: number;
  ReceivedDeliveryCount?: number;
  PackageCount: number;
  ReceivedPackageCount?: number;
  CreatedDateTime?: string;
  LastModified: string;
}

/** GET /transfers/v1/{id}/deliveries. */
export interface MetrcDelivery {
  Id: number;
  ManifestNumber?: string;
  RecipientFacilityLicenseNumber: string;
  RecipientFacilityName?: string | null;
  ActualDepartureDateTime?: string | null;
  ActualArrivalDateTime?: string | null;
  DeliveryPackageCount?: number;
  DeliveryReceivedPackageCount?: number;
  ReceivedDateTime?: string | null;
}

/** Metrc's ShipmentPackageState. */
export type MetrcPackageState = 'Shipped' | 'Accepted' | 'Rejected' | 'Returned' | string;

/** GET /transfers/v1/delivery/{id}/packages. */
export interface MetrcPackage {
  PackageId: number;
  PackageLabel: string;
  ProductName?: string;
  ShipmentPackageState: MetrcPackageState;
  ShippedQuantity?: number;
  ReceivedQuantity?: number | null;
}

/** Where and how to call Metrc (METRC_* env; the keys never reach a log, an event or an answer). */
export interface MetrcConfig {
  baseUrl: string;
  vendorKey: string;
  userKey: string;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Tries after the first on a 5xx, a timeout or a network error (default 3). */
  retries?: number;
  /** First backoff, doubled per retry with jitter (default 500 ms). */
  backoffMs?: number;
  /** Calls in flight at once (default 4). */
  concurrency?: number;
  /** 429s waited out per call before giving up (default 10), each wait at most maxRetryAfterMs (default 60 s). */
  rateLimitWaits?: number;
  maxRetryAfterMs?: number;
  /**
   * Retries this client may spend in all, across its calls (default 8): a Metrc that is plainly down fails the run
   * after a few tries, not after every call's own retries (two failing runs made 664 calls).
   */
  retryBudget?: number;
  /**
   * The run's cancellation and total deadline: aborting it stops every call in flight, every backoff and 429 wait
   * and every call still waiting for a slot; they fail with the signal's reason (a MetrcError).
   */
  signal?: AbortSignal;
}

/** Why a call failed for good, in words a user may read (status and path; no key, no query string). */
export class MetrcError extends Error {
  constructor(
    message: string,
    readonly kind: 'http' | 'timeout' | 'network' | 'rate-limit' | 'deadline' | 'cancelled',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MetrcError';
  }
}
