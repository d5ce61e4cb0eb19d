import {
  BILLING,
  BillingMessages,
  REPORT_TITLES,
  rangeProblem,
  type ReportKind,
  type ReportState,
} from '@portal/contracts/billing';
import { isEmail } from '@portal/ui';

/** What each report lists (the form's help text under the kind). */
export const KIND_HELP: Record<ReportKind, string> = {
  timestamp: "One day: each order's pickup, check-in, check-out and delivery times, driver and route.",
  signature: 'Orders delivered or rejected in the range that are missing a signature.',
  status: 'Orders in the range by status.',
  deliveries: 'Deliveries per route and driver, per day.',
  rejections: 'Rejections by reason code and text.',
};
export const KIND_OPTIONS = (Object.keys(REPORT_TITLES) as ReportKind[]).map((k) => ({
  value: k,
  label: REPORT_TITLES[k],
}));

export const STATE_LABELS: Record<ReportState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const EVERY_LABELS = {
  weekly: 'Every Monday (last week)',
  monthly: 'Monthly on the 1st (last month)',
};

/** The emails' problem in the server's words (BillingMessages), or null. */
export function emailsProblem(emails: string[]): string | null {
  if (emails.length === 0) return 'Please enter at least one email address.';
  if (emails.length > BILLING.maxEmails) return BillingMessages.tooManyEmails;
  const bad = emails.find((e) => !isEmail(e));
  return bad ? BillingMessages.badEmail(bad) : null;
}

/** The form's problems by field, in the server's words; empty when it may be sent. */
export function formProblems(f: {
  kind: ReportKind;
  selectedDate: string;
  from: string;
  to: string;
  emails: string[];
}): { range?: string; emails?: string } {
  const out: { range?: string; emails?: string } = {};
  const range =
    f.kind === 'timestamp' ? rangeProblem(f.selectedDate, f.selectedDate) : rangeProblem(f.from, f.to);
  if (range) out.range = range;
  const emails = emailsProblem(f.emails);
  if (emails) out.emails = emails;
  return out;
}

export const sizeText = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

export const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : '');
