import type { MergeCheckAnswer, OrderAnswer } from '@portal/contracts';
import type { InTransitAnswer, ScheduleDay, ScheduleOpts } from '@portal/contracts/dispatch';
import { serverMessage, type ApiClient, type Session } from '@portal/ui';

/**
 * The schedule screen's calls: routing's POST /api/orders/schedule (the day), and orders' POST /api/orders/update
 * (status, notes: data.order is merged field by field by the service, with the version check) and POST
 * /api/orders/mergePdfs (`check` answers which orders have a manifest; without it the merged PDF).
 */
export const scheduleKey = (opts: ScheduleOpts) =>
  ['routing', 'schedule', opts.day, opts.q ?? '', !!opts.isAdmin] as const;

export const getSchedule = (api: ApiClient, opts: ScheduleOpts) =>
  api.post<{ data: ScheduleDay }>('/api/orders/schedule', { opts }).then((r) => r.data);

export type OrderFields = { status?: number; notes?: string; billingNotes?: string };

export const updateOrderFields = (api: ApiClient, o: { id: string; version: number }, order: OrderFields) =>
  api
    .post<OrderAnswer>('/api/orders/update', {
      order: { id: o.id, version: o.version, data: { order }, source: 'form' },
    })
    .then((r) => r.data.order);

export const checkManifests = (api: ApiClient, ids: string[]) =>
  api.post<MergeCheckAnswer>('/api/orders/mergePdfs', { ids, check: true }).then((r) => r.data);

/** The merged PDF (bytes: through fetch with the session's token, as mfe-orders' manifest calls do). */
export async function mergedManifests(session: Session, ids: string[]): Promise<Blob> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch('/api/orders/mergePdfs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ids }),
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(serverMessage(body, `${res.status} ${res.statusText}`.trim()));
  }
  return res.blob();
}

/**
 * "Set to In Transit" (orders' POST /api/orders/intransit): the server moves approved and picked-up orders (delivered
 * or rejected ones only with `reopen`) and names every skipped order with its reason.
 */
export const setInTransit = (api: ApiClient, ids: string[], reopen: boolean) =>
  api.post<InTransitAnswer>('/api/orders/intransit', { ids, ...(reopen ? { reopen } : {}) });
