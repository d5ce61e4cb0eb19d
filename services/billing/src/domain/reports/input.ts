import {
  BILLING,
  BillingMessages,
  REPORT_TITLES,
  lastMonth,
  rangeProblem,
  type ReportKind,
} from '@portal/contracts/billing';

/** The caller as the reports need them: who owns the run and where it is mailed by default. */
export interface Requester {
  sub: string;
  email: string;
}

/** What a run records before it is queued. */
export interface RunFields {
  requestedBy: string;
  kind: ReportKind;
  title: string;
  selectedDate: string;
  from: string;
  to: string;
  emails: string[];
}

/** A request's problem in BillingMessages' words (400), or the fields. Pure. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

// One address: local@domain.tld, no spaces, at most 254 characters (what a mail server accepts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The list to mail: the given addresses (lower-cased, each once) or the caller's. */
export function checkEmails(emails: unknown, fallback: string): Checked<string[]> {
  if (emails !== undefined && !Array.isArray(emails))
    return { ok: false, message: BillingMessages.badEmail(String(emails)) };
  const list = (emails ?? []) as unknown[];
  if (list.length > BILLING.maxEmails) return { ok: false, message: BillingMessages.tooManyEmails };
  for (const e of list) {
    if (typeof e !== 'string' || e.length > 254 || !EMAIL.test(e.trim()))
      return { ok: false, message: BillingMessages.badEmail(String(e)) };
  }
  const given = list.map((e) => (e as string).trim().toLowerCase());
  return { ok: true, value: [...new Set(given.length ? given : [fallback.toLowerCase()])] };
}

export const titleOf = (kind: ReportKind, from: string, to: string) =>
  from === to ? `${REPORT_TITLES[kind]} ${from}` : `${REPORT_TITLES[kind]} ${from} to ${to}`;

/**
 * A run's fields from a request (pure). The timestamp kind covers one day (`selectedDate`, default today UTC);
 * the others a range (`from`..`to`, default lastMonth(); one given alone stands for both ends).
 */
export function runFields(
  who: Requester,
  kind: ReportKind,
  body: { selectedDate?: string; from?: string; to?: string; emails?: unknown },
  now = new Date(),
): Checked<RunFields> {
  let from: string;
  let to: string;
  if (kind === 'timestamp') {
    from = to = body.selectedDate ?? body.from ?? now.toISOString().slice(0, 10);
  } else if (body.from === undefined && body.to === undefined) {
    ({ from, to } = lastMonth(now));
  } else {
    from = body.from ?? (body.to as string);
    to = body.to ?? from;
  }
  const problem = rangeProblem(from, to);
  if (problem) return { ok: false, message: problem };
  const emails = checkEmails(body.emails, who.email);
  if (!emails.ok) return emails;
  return {
    ok: true,
    value: {
      requestedBy: who.sub,
      kind,
      title: titleOf(kind, from, to),
      selectedDate: kind === 'timestamp' ? from : '',
      from,
      to,
      emails: emails.value,
    },
  };
}

/** The inclusive days of a range (YYYY-MM-DD), oldest first. Pure. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
