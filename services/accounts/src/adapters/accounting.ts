/**
 * The accounting system's customer list (QuickBooks-style query API):
 * `GET {base}/v3/company/{realm}/query?query=select * from Customer` →
 * `{QueryResponse: {Customer: [{DisplayName, CompanyName?, PrimaryEmailAddr?: {Address}}]}}`.
 * The base URL comes from env ACCOUNTING_URL (the local stub in deploy/local/accounting-stub in tests).
 */
import type { AccountingCustomer } from '@portal/contracts/billing';

/** The matching rule (matchesCustomer) is shared with billing's vendor compare: one copy, in contracts. */
export type { AccountingCustomer } from '@portal/contracts/billing';

export class AccountingUnavailable extends Error {}

export async function listCustomers(
  baseUrl: string,
  realm: string,
  token = '',
): Promise<AccountingCustomer[]> {
  const url = `${baseUrl.replace(/\/$/, '')}/v3/company/${encodeURIComponent(realm)}/query?query=${encodeURIComponent('select * from Customer')}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new AccountingUnavailable((e as Error).message);
  }
  if (!res.ok) throw new AccountingUnavailable(`accounting answered ${res.status}`);
  const body = (await res.json().catch(() => ({}))) as {
    QueryResponse?: {
      Customer?: { DisplayName?: string; CompanyName?: string; PrimaryEmailAddr?: { Address?: string } }[];
    };
  };
  return (body.QueryResponse?.Customer ?? []).flatMap((c) => {
    const names = [c.DisplayName, c.CompanyName].filter((n): n is string => !!n);
    const email = c.PrimaryEmailAddr?.Address?.toLowerCase();
    return names.length ? names.map((name) => ({ name, email })) : email ? [{ name: '', email }] : [];
  });
}
