import { createStore, get, update, type UseStore } from 'idb-keyval';
import { ApiError, type ApiClient } from '@portal/ui';
import { isRetryable, sendScan, type ScanAnswer, type ScanRequest } from './scan-api.js';

/**
 * The browser's queue of scans and hand-over steps made while offline: one list in IndexedDB (idb-keyval,
 * updated in one transaction per change), sent in order when the network returns. Each entry keeps its scanId, so a
 * step the server already took (the answer was lost on the way back) is answered as a replay, not written twice.
 * Sending stops at the first entry that gets no answer, so the order is kept.
 */
const KEY = 'steps';
let store: UseStore | undefined;
const db = () => (store ??= createStore('portal-scan-queue', 'queue'));

export async function queued(): Promise<ScanRequest[]> {
  return (await get<ScanRequest[]>(KEY, db())) ?? [];
}

export async function enqueue(r: ScanRequest): Promise<void> {
  await update<ScanRequest[]>(
    KEY,
    (q) => [...(q ?? []).filter((x) => x.body.scanId !== r.body.scanId), r],
    db(),
  );
}

async function drop(scanId: string): Promise<void> {
  await update<ScanRequest[]>(KEY, (q) => (q ?? []).filter((x) => x.body.scanId !== scanId), db());
}

export type Sent = { request: ScanRequest } & ({ answer: ScanAnswer } | { error: string });

let flushing: Promise<Sent[]> | null = null;

/** Sends the waiting steps in order (one flush at a time); a refused step (4xx) leaves the queue with its reason. */
export function flush(api: ApiClient): Promise<Sent[]> {
  flushing ??= (async () => {
    const out: Sent[] = [];
    try {
      for (const request of await queued()) {
        try {
          out.push({ request, answer: await sendScan(api, request) });
        } catch (e) {
          if (isRetryable(e)) break;
          out.push({ request, error: e instanceof ApiError ? e.message : String(e) });
        }
        await drop(request.body.scanId);
      }
    } finally {
      flushing = null;
    }
    return out;
  })();
  return flushing;
}
