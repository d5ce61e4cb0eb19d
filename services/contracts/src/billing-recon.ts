/**
 * Billing reconciliation: the calls (request and answer shapes as plain types) and words, and the accounting
 * compare's one matching rule (shared by accounts' "Sync Quickbooks" and billing's vendor compare). Owned by the recon
 * part; re-exported by billing-ops.ts (`@portal/contracts/billing`). Browser-safe: plain types and pure functions.
 */

/** One customer of the accounting system (a name, an email, or both). */
export interface AccountingCustomer {
  name: string;
  email?: string;
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A company matches a customer by name (Licensee or DBA, ignoring case and punctuation) or billing/user email. */
export function matchesCustomer(
  u: {
    email: string;
    company?: { Licensee?: string | null; DBA?: string | null; billingContactEmail?: string | null } | null;
  },
  customers: AccountingCustomer[],
): boolean {
  const names = new Set([norm(u.company?.Licensee), norm(u.company?.DBA)].filter(Boolean));
  const emails = new Set(
    [u.email.toLowerCase(), u.company?.billingContactEmail?.toLowerCase()].filter(Boolean),
  );
  return customers.some((c) => (c.name && names.has(norm(c.name))) || (c.email && emails.has(c.email)));
}

/**
 * Orders §9 "Vendor discrepancies reported within 48 hours": a vendor has this long after a reconciliation (its
 * print, or the invoice's making) to report a discrepancy; after that the reconciled figures stand (a row stamped
 * longer ago is `settled` and a new print does not stamp it again).
 */
export const DISCREPANCY_HOURS = 48;
/** The time a discrepancy must be reported by: `at` + 48 hours (ISO, UTC). Pure. */
export const reportByOf = (at: string | Date) =>
  new Date(new Date(at).getTime() + DISCREPANCY_HOURS * 3_600_000).toISOString();
/** True when a reconciliation stamped at `stamped` is past its discrepancy window at `now`. Pure. */
export const isSettled = (stamped: string | undefined, now: Date) =>
  !!stamped && !Number.isNaN(Date.parse(stamped)) && Date.parse(reportByOf(stamped)) <= now.getTime();
/** 'YYYY-MM-DD HH:MM UTC' of an ISO time (what paper and the page show). */
const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The recon part's words (the spec's tooltip text and the page's). */
export const ReconWords = {
  discrepancyNotice: (reportBy: string) =>
    `Vendor discrepancies must be reported within ${DISCREPANCY_HOURS} hours, by ${utcText(reportBy)}.`,
  discrepancyRule: `Vendor discrepancies must be reported within ${DISCREPANCY_HOURS} hours of the reconciliation.`,
  settled: `Settled: reconciled more than ${DISCREPANCY_HOURS} hours ago; a new print does not stamp it again.`,
  mismatch: 'This account does not match any known customer in the accounting system.',
  empty: 'No orders for this vendor in this period.',
  stamped: (n: number) => `${n} order${n === 1 ? '' : 's'} stamped as reconciled.`,
  duplicatePrint: 'This reconciliation was just printed; wait a few seconds before printing it again.',
} as const;

/** POST /api/orders/reconciliation body (also accepted wrapped as {opts: {...}}, the spec's shape). */
export interface ReconQuery {
  vendorLN: string;
  from?: string;
  to?: string;
  registeredOnly?: boolean;
  after?: string;
  limit?: number;
}
export interface ReconVendor {
  licenseNumber: string;
  name: string;
  registered: boolean;
  /** true: matches no accounting customer; absent when the compare is unavailable. */
  mismatch?: boolean;
}
export interface ReconRow {
  id: string;
  orderId: string;
  deliveryDay: string;
  destination: string;
  destinationLN: string;
  route: string;
  routeName: string;
  driverName: string;
  invoice: string;
  amount: string;
  amountCents: number;
  method: string;
  status: number;
  /** Counted in the totals and stamped by a print (delivered or rejected); others are listed, flagged false. */
  counted: boolean;
  recon?: { date: string; user: string };
  /** Its reconciliation is past the 48-hour discrepancy window (DISCREPANCY_HOURS): the figures stand. */
  settled?: boolean;
}
export interface ReconTotals {
  count: number;
  amountCents: number;
  byMethod: { method: string; count: number; amountCents: number }[];
  byRoute: { route: string; routeName: string; count: number; amountCents: number }[];
}
export interface ReconAnswer {
  vendor: ReconVendor;
  from: string;
  to: string;
  orders: ReconRow[];
  /** The keyset cursor of the next page, or null on the last. */
  next: string | null;
  /** Every order listed in the range (counted or not). */
  listed: number;
  totals: ReconTotals;
}
export interface CompareAnswer {
  available: boolean;
  mismatches?: string[];
  message?: string;
}
export interface ReconPrintBody {
  vendorLN: string;
  from: string;
  to: string;
  courierName?: string;
  vendorName?: string;
}
export interface ReconPrintView {
  id: string;
  date: string;
  user: string;
  vendorLN: string;
  from: string;
  to: string;
  count: number;
  totals: ReconTotals;
  /** When vendor discrepancies must be reported by: the print's date + 48 hours (reportByOf). */
  reportBy: string;
  /** Counted orders left unstamped: settled by an earlier reconciliation (past its 48 hours). */
  settled: number;
}
