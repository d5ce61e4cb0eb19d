import type {
  CompareAnswer,
  ReconAnswer,
  ReconPrintBody,
  ReconPrintView,
  ReconVendor,
} from '@portal/contracts/billing';
import { saveBlob, serverMessage, type ApiClient, type Session } from '@portal/ui';

/**
 * The reconciliation page's calls (services/billing, staff only): POST /api/orders/reconciliation (the spec's path),
 * the vendor picker, the accounting compare, the print stamp and the invoice export. Types only from contracts.
 */
export interface ReconAsk {
  vendorLN: string;
  from: string;
  to: string;
  after?: string;
}
export const reconcile = (api: ApiClient, ask: ReconAsk) =>
  api.post<{ data: ReconAnswer }>('/api/orders/reconciliation', { opts: ask }).then((r) => r.data);

export const listVendors = (api: ApiClient, registeredOnly: boolean) =>
  api
    .get<{ data: { vendors: ReconVendor[]; compare: boolean } }>(
      `/api/billing/vendors?registeredOnly=${registeredOnly}`,
    )
    .then((r) => r.data);

export const getCompare = (api: ApiClient) =>
  api.get<{ data: CompareAnswer }>('/api/billing/compare').then((r) => r.data);

export const printRecon = (api: ApiClient, body: ReconPrintBody) =>
  api
    .post<{ data: { print: ReconPrintView; created: boolean } }>('/api/billing/recon/print', body)
    .then((r) => r.data);

export const invoicePath = (
  ask: ReconAsk,
  format: 'pdf' | 'csv',
  names: { courier?: string; vendor?: string } = {},
) =>
  `/api/billing/invoice?${new URLSearchParams({
    vendorLN: ask.vendorLN,
    from: ask.from,
    to: ask.to,
    format,
    ...(names.courier ? { courierName: names.courier } : {}),
    ...(names.vendor ? { vendorName: names.vendor } : {}),
  })}`;

/**
 * Downloads the invoice the service builds. The shell's ApiClient reads answers as text (a PDF would break) and the
 * token lives in the shell's session (getToken, as mfe-fleet's export does).
 */
export async function downloadInvoice(session: Session, path: string, fileName: string): Promise<void> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(serverMessage(body, `${res.status} ${res.statusText}`.trim()));
  }
  saveBlob(fileName, await res.blob());
}
