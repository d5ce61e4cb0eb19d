import type { Order, ReceiverSignature } from '@portal/contracts';
import { ApiError, type ApiClient } from '@portal/ui';

/**
 * The scan screen's calls (services/orders routes/scan.ts). Every step carries a `scanId` made
 * here once: sent now or replayed later from the offline queue, the server writes it once.
 */
export type ScanStep = 'checkin' | 'checkout' | 'pickedup' | 'delivered';

export interface ScanBody {
  id: string;
  scanId: string;
  undo?: boolean;
  weight?: string;
  signature?: ReceiverSignature;
  /** Delivered signed on paper (staff, with an override's reason): the receiver's printed name. */
  paper?: { name: string };
  override?: { reason: string };
}

/** One step as queued or sent: what to call, and what the waiting list shows. */
export interface ScanRequest {
  step: ScanStep;
  body: ScanBody;
  /** What the list shows ("G-100123 · Delivered"). */
  label: string;
  queuedAt: string;
}

export interface ScanAnswer {
  message: string;
  replayed?: boolean;
  unchanged?: boolean;
  /** The custody gate is advisory and let the step through with items missing (recorded in the ledger). */
  warning?: string;
  data: { order: Order };
}

export const STEP_LABELS: Record<ScanStep, [string, string]> = {
  checkin: ['Check In', 'Remove Check In'],
  checkout: ['Check Out', 'Remove Check Out'],
  pickedup: ['Order Picked Up', 'Order Picked Up'],
  delivered: ['Delivered', 'Delivered'],
};

export const sendScan = (api: ApiClient, r: Pick<ScanRequest, 'step' | 'body'>) =>
  api.post<ScanAnswer>(`/api/orders/${r.step}`, r.body);

export const loadOrder = (api: ApiClient, id: string) =>
  api.get<{ data: { order: Order } }>(`/api/orders/${encodeURIComponent(id)}`).then((r) => r.data.order);

/** The order id in what the scanner typed: the last path segment of a URL (orders §2), else the text itself. */
export function lastSegment(text: string): string {
  const t = text.trim().split(/[?#]/)[0]!.replace(/\/+$/, '');
  const seg = t.slice(t.lastIndexOf('/') + 1).trim();
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** A fresh idempotency key for one scan. */
export function newScanId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `scan-${c.randomUUID()}`;
  return `scan-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * No answer from the server at all (offline, DNS, reset): the step waits in the queue. So do a 5xx, a 408/429 and a
 * 401 (a token that expired while offline: the step is sent after signing in again, not lost).
 */
export const isRetryable = (e: unknown) =>
  !(e instanceof ApiError) || e.status >= 500 || [401, 408, 429].includes(e.status);

/** The gate's 409 body (missing items, overridable by staff). */
export function gateOf(e: unknown): { message: string; missing: string[]; overridable: boolean } | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const b = (e.body ?? {}) as { missing?: string[]; overridable?: boolean };
  if (!Array.isArray(b.missing)) return null;
  return { message: e.message, missing: b.missing, overridable: !!b.overridable };
}
