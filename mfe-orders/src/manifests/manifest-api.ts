import type { ManifestFile } from '@portal/contracts';
import { ApiError, serverMessage, type Session } from '@portal/ui';

/**
 * The manifest calls (services/orders routes/manifests.ts). The shell's ApiClient speaks JSON only; the multipart
 * upload goes through fetch with the session's token, as the bulk upload does.
 */
export async function authed(session: Session, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(path, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, serverMessage(body, `${res.status} ${res.statusText}`.trim()), body);
  }
  return res;
}

export interface UploadAnswer {
  message: string;
  data: { id: string; orderId: string; version: number; manifest: ManifestFile };
}

/** POST /api/orders/manifestupload (multipart: pdf, order, force, currentWindow). */
export async function uploadManifest(session: Session, order: string, file: File, force: boolean) {
  const form = new FormData();
  form.append('order', order);
  form.append('force', String(force));
  form.append('currentWindow', window.location.href);
  form.append('pdf', file, file.name);
  const res = await authed(session, '/api/orders/manifestupload', { method: 'POST', body: form });
  return (await res.json()) as UploadAnswer;
}

/**
 * View Manifest: the current manifest (or signed copy `signed`) fetched by the app from the orders service — which
 * answers it only as an attachment with a sandbox CSP, since an uploaded PDF may carry JavaScript — and shown from a
 * blob URL of its bytes (the browser's PDF viewer, no page of any origin). The URL is released after 10 minutes.
 */
export async function manifestBlobUrl(session: Session, id: string, signed?: number): Promise<string> {
  const q = signed === undefined ? '' : `&signed=${signed}`;
  const res = await authed(session, `/api/orders/${encodeURIComponent(id)}/manifest?stream=true${q}`);
  const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
  setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
  return url;
}
