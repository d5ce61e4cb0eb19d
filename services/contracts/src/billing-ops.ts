/**
 * Billing, reports and dashboards: the calls' shapes and the spec's words, shared by services/billing and
 * mfe-billing. Plain types and constants only (browser-safe: no TypeBox).
 *
 * Imported as `@portal/contracts/billing`, NOT re-exported by the package root (the root's browser entry is a chunk
 * every page loads: see dispatch.ts). Each part owns its file: billing-recon.ts (reconciliation, invoices, the
 * accounting compare), billing-reports.ts (report jobs), billing-dashboards.ts (dashboards). This file holds what
 * they share: money, the date range rule and its words.
 */
export * from './money.js';
export * from './billing-recon.js';
export * from './billing-reports.js';
export * from './billing-dashboards.js';

/** Orders spec §9 constants for this area. */
export const BILLING = {
  /** Billing lists' page size (orders §9 "Page sizes: 250 (billing, manifests)"). */
  pageSize: 250,
  /** The longest range any billing call, report or dashboard accepts. */
  maxRangeDays: 366,
  /** At most this many addresses in a report's or a schedule's email list. */
  maxEmails: 10,
} as const;

/** The words for bad input shared by every billing call (the spec names none; decisions in services/billing/README). */
export const BillingMessages = {
  badDate: 'Please enter a valid date (YYYY-MM-DD).',
  badRange: 'The start date must be on or before the end date.',
  rangeTooLong: 'Please choose a date range of one year or less.',
  tooManyEmails: 'Please enter at most 10 email addresses.',
  badEmail: (email: string) => `${email} is not a valid email address.`,
  unknownVendor: 'Unknown vendor: no orders or account carry this licence number.',
  reportFailed: (message: string) => `Failed to generate report: ${message}`,
  noMissingSignatures: 'No orders missing signatures',
  compareUnavailable: 'The accounting system cannot be reached; the customer compare is unavailable.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** A range's problem in the words above, or null. Inclusive days, YYYY-MM-DD. Pure. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return BillingMessages.badDate;
  if (from > to) return BillingMessages.badRange;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > BILLING.maxRangeDays ? BillingMessages.rangeTooLong : null;
}

/** Orders §9 default ranges: billing "last week" (the Monday–Sunday before this week), reports "last month". */
export function lastWeek(now = new Date()): { from: string; to: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  const from = new Date(monday.getTime() - 7 * 86_400_000);
  const to = new Date(monday.getTime() - 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
export function lastMonth(now = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
