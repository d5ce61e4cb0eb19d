import { saveBlob, serverMessage, type ApiClient, type Session } from '@portal/ui';

/** What the bulk upload answers (services/orders POST /orders/bulk, GET /orders/bulk/:jobId). */
export interface BulkResult {
  /** Rows in the file (the heading row not counted). */
  total: number;
  saved: number;
  /** Bad rows by their row number in the sheet, each with the spec's message. */
  errors: { row: number; message: string }[];
  /** Rows of this very file saved by an earlier upload (the service's idempotency key): not saved twice. */
  already?: number;
  /** Set when the file is large enough to run as a job: poll it for progress. */
  jobId?: string | null;
}

export const BULK_ACCEPT =
  '.csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
const POLL_MS = 500;

/**
 * The shell's ApiClient speaks JSON only; a multipart upload and a binary download go through fetch with the
 * session's token (the shell's session has getToken(), not declared on @portal/ui's Session; mfe-fleet does the
 * same: a binary/multipart ApiClient method is asked for in the report).
 */
async function authed(session: Session, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(path, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    // The all-or-nothing refusal (400) carries the rows' errors: an answer to show, not a failure.
    const rows = (body as { data?: { errors?: unknown[] } } | null)?.data?.errors;
    if (res.status === 400 && Array.isArray(rows) && rows.length) return new Response(JSON.stringify(body));
    throw new Error(serverMessage(body, `${res.status} ${res.statusText}`.trim()));
  }
  return res;
}

function resultOf(body: unknown): BulkResult {
  const b = (body as { data?: Partial<BulkResult> } | null)?.data ?? (body as Partial<BulkResult>) ?? {};
  return {
    total: b.total ?? 0,
    saved: b.saved ?? 0,
    errors: b.errors ?? [],
    already: b.already ?? 0,
    jobId: b.jobId ?? null,
  };
}

/** Sends the file; `goodRowsOnly` after the user chose to save the rows without errors. */
export async function uploadBulk(session: Session, file: File, goodRowsOnly: boolean): Promise<BulkResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const q = goodRowsOnly ? '?mode=goodRows' : '';
  const res = await authed(session, `/api/orders/bulk${q}`, { method: 'POST', body: form });
  return resultOf(await res.json());
}

/** Polls a bulk job until it ends, reporting 0–100 on the way. */
export async function pollBulkJob(
  api: ApiClient,
  jobId: string,
  onProgress: (pct: number) => void,
): Promise<BulkResult> {
  for (;;) {
    const r = await api.get<{
      data: { state: string; progress?: number; result?: BulkResult; failedReason?: string };
    }>(`/api/orders/bulk/${encodeURIComponent(jobId)}`);
    onProgress(Math.round(r.data.progress ?? 0));
    if (r.data.state === 'completed' && r.data.result) return resultOf({ data: r.data.result });
    if (r.data.state === 'failed') throw new Error(r.data.failedReason ?? 'the upload job failed');
    await new Promise((ok) => setTimeout(ok, POLL_MS));
  }
}

export async function downloadTemplate(session: Session): Promise<void> {
  const res = await authed(session, '/api/orders/template.xlsx');
  saveBlob('Template.xlsx', await res.blob());
}
