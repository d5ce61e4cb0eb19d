import { LABEL, type CustodyAnswer } from '@portal/contracts';
import { serverMessage, type ApiClient, type Session } from '@portal/ui';

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
 * Opens a PDF in a hidden frame and prints it after the spec's 500 ms (orders §9: the viewer needs the moment to
 * lay the pages out). The frame stays a minute so the print dialog keeps its document.
 */
export function printPdf(pdf: Blob, delayMs: number = LABEL.printDelayMs): string {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'label-print-frame';
  frame.src = url;
  document.body.appendChild(frame);
  setTimeout(() => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank'); // a viewer that refuses print() from a frame: the PDF in its own tab
    }
  }, delayMs);
  setTimeout(() => frame.remove(), 60_000);
  return url;
}
