import { matchesCustomer, type AccountingCustomer } from '@portal/contracts/billing';

/**
 * The accounting system's customer list (QuickBooks-style query API, as accounts' adapter reads it):
 * `GET {ACCOUNTING_URL}/v3/company/{ACCOUNTING_REALM}/query?query=select * from Customer` →
 * `{QueryResponse: {Customer: [{DisplayName, CompanyName?, PrimaryEmailAddr?: {Address}}]}}`. The local stub is
 * deploy/local/accounting-stub (port 8930). A short timeout: the billing page must not wait on a slow system.
 * The list is cached in memory (60 s; a failure 15 s, so a down system is not asked on every call).
 */
export interface AccountingEnv {
  ACCOUNTING_URL: string;
  ACCOUNTING_REALM: string;
  ACCOUNTING_TOKEN: string;
  ACCOUNTING_TIMEOUT_MS: number;
}

export type CustomerList = { ok: true; customers: AccountingCustomer[] } | { ok: false; reason: string };

export async function fetchCustomers(env: AccountingEnv): Promise<CustomerList> {
  const url = `${env.ACCOUNTING_URL.replace(/\/$/, '')}/v3/company/${encodeURIComponent(env.ACCOUNTING_REALM)}/query?query=${encodeURIComponent('select * from Customer')}`;
  try {
    const res = await fetch(url, {
      headers: {
        accept: 'application/json',
        ...(env.ACCOUNTING_TOKEN ? { authorization: `Bearer ${env.ACCOUNTING_TOKEN}` } : {}),
      },
      signal: AbortSignal.timeout(env.ACCOUNTING_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, reason: `accounting answered ${res.status}` };
    const body = (await res.json()) as {
      QueryResponse?: {
        Customer?: { DisplayName?: string; CompanyName?: string; PrimaryEmailAddr?: { Address?: string } }[];
      };
    };
    const customers = (body.QueryResponse?.Customer ?? []).flatMap((c) => {
      const names = [c.DisplayName, c.CompanyName].filter((n): n is string => !!n);
      const email = c.PrimaryEmailAddr?.Address?.toLowerCase();
      return names.length ? names.map((name) => ({ name, email })) : email ? [{ name: '', email }] : [];
    });
    return { ok: true, customers };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}

const OK_MS = 60_000;
const FAIL_MS = 15_000;

/** One cache per app instance (built in the part, not a module-level singleton: tests run several apps). */
export function customerCache(env: AccountingEnv, now = () => Date.now()) {
  let entry: { at: number; list: Promise<CustomerList> } | undefined;
  return {
    get(): Promise<CustomerList> {
      const t = now();
      if (entry) {
        const ttl = entry.list.then((l) => (l.ok ? OK_MS : FAIL_MS));
        return ttl.then((ms) => (t - entry!.at < ms ? entry!.list : this.refresh()));
      }
      return this.refresh();
    },
    refresh(): Promise<CustomerList> {
      entry = { at: now(), list: fetchCustomers(env) };
      return entry.list;
    },
  };
}
export type CustomerCache = ReturnType<typeof customerCache>;

/** A vendor matches a customer by its name (the licensee name the orders carry), through contracts' one rule. */
export const vendorMatches = (name: string, customers: AccountingCustomer[]) =>
  matchesCustomer({ email: '', company: { Licensee: name } }, customers);
