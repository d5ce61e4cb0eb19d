import { LABEL, type CustodyAnswer } from '@portal/contracts';
import { saveBlob, serverMessage, type ApiClient, type Session } from '@portal/ui';

/** A refused or failed call: the server's words, and for a refused label the two statuses it names. */
export class PdfCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly currentStatus?: string,
    readonly allowedStatus?: string,
  ) {
    super(message);
    this.name = 'PdfCallError';
  }
}

/**
 * The shell's ApiClient speaks JSON only: the PDF calls go through fetch with the session's token, like the bulk
 * upload's template download (bulk/bulk-api.ts). A 401 still gets the shell's rule through `api` on the next call.
 */
async function pdfCall(session: Session, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(path, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const str = (k: string) => (typeof body?.[k] === 'string' ? (body[k] as string) : undefined);
  throw new PdfCallError(
    str('detail') ?? serverMessage(body, `${res.status} ${res.statusText}`.trim()),
    res.status,
    str('currentStatus'),
    str('allowedStatus'),
  );
}

export interface PrintedLabels {
  pdf: Blob;
  count: number;
  /** The order's version after the print (a ledger entry): the open form keeps saving with it. */
  version: number | null;
}

/** POST /api/orders/labels {id, count} → the labels' PDF. */
export async function fetchLabels(session: Session, id: string, count: number): Promise<PrintedLabels> {
  const res = await pdfCall(session, '/api/orders/labels', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, count }),
  });
  const version = Number(res.headers.get('x-order-version'));
  return { pdf: await res.blob(), count, version: Number.isInteger(version) ? version : null };
}

export const fetchCustodyPdf = (session: Session, id: string) =>
  pdfCall(session, `/api/orders/${encodeURIComponent(id)}/custody.pdf`).then((r) => r.blob());

export const custodyKey = (id: string) => ['orders', 'custody', id] as const;
export const getCustody = (api: ApiClient, id: string) =>
  api.get<CustodyAnswer>(`/api/orders/${encodeURIComponent(id)}/custody`).then((r) => r.data);

/**
 * A tab for a PDF to print, opened AT THE CLICK (a tab opened after the call would be a blocked pop-up). The edge's
 * CSP frames nothing but the portal's own pages (`frame-src 'self'`, and every answer says `frame-ancestors 'none'`),
 * so a PDF cannot print from a hidden frame; it prints in its own tab. Null when the browser refused the tab.
 */
export function openPrintTab(): Window | null {
  const w = window.open('', '_blank');
  if (w) w.document.title = 'Preparing the PDF…';
  return w;
}

/**
 * Shows the PDF in the tab and prints it after the spec's 500 ms (orders §9: the viewer lays the pages out first);
 * without a tab the PDF is downloaded instead. Returns the PDF's object URL (kept for the "Open" link).
 */
export function printPdf(
  tab: Window | null,
  pdf: Blob,
  fileName: string,
  delayMs: number = LABEL.printDelayMs,
): string {
  const url = URL.createObjectURL(pdf);
  if (!tab || tab.closed) {
    saveBlob(fileName, pdf);
    return url;
  }
  tab.location.href = url;
  setTimeout(() => {
    try {
      tab.focus();
      tab.print();
    } catch {
      // the viewer keeps its own Print button
    }
  }, delayMs);
  return url;
}
