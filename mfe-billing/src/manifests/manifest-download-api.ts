import type { ManifestListAnswer, ManifestRow } from '@portal/contracts';
import { serverMessage, type ApiClient, type Session } from '@portal/ui';

/** The manifest download page's calls (services/orders GET /orders/manifests and /orders/manifests.zip). */
export interface ManifestQuery {
  search: string;
  from: string;
  to: string;
  incoming: boolean;
  page: number;
}
export type { ManifestRow };

export const RANGE_DAYS = 28; // orders §9: default manifest download range 4 weeks
export const PAGE_SIZE = 250; // orders §9: page size 250 (billing, manifests)
export const dayFrom = (d: Date, days = 0) =>
  new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The list's query (one page) or the zip's (every listed order: no page; or the chosen ids). */
export function queryString(q: ManifestQuery, ids: string[] = [], paged = true): string {
  const p = new URLSearchParams();
  if (ids.length) p.set('ids', ids.join(','));
  else {
    if (q.search.trim()) p.set('search', q.search.trim());
    p.set('from', q.from);
    p.set('to', q.to);
    if (q.incoming) p.set('incoming', 'true');
    if (paged) p.set('page', String(q.page));
  }
  return p.toString();
}

export const listManifests = (api: ApiClient, q: ManifestQuery) =>
  api.get<ManifestListAnswer>(`/api/orders/manifests?${queryString(q)}`).then((r) => r.data);

/**
 * Downloads the zip (streamed by the service), reporting bytes received against the estimate (the listed files'
 * sizes plus the zip's headers); the token goes in the header, as every call's.
 */
export async function downloadZip(
  session: Session,
  q: ManifestQuery,
  ids: string[],
  estimate: number,
  onProgress: (received: number, estimate: number) => void,
): Promise<Blob> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(`/api/orders/manifests.zip?${queryString(q, ids, false)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok || !res.body) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(serverMessage(body, `${res.status} ${res.statusText}`.trim()));
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.length;
    onProgress(received, Math.max(estimate, received));
  }
  return new Blob(chunks, { type: 'application/zip' });
}
