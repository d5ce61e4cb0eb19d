import { waitFor } from './wait.js';

/**
 * The one client of the local SMTP sink's HTTP mailbox (deploy/local/mailbox, MAILBOX_URL): accounts', the e2e
 * and notifications' tests read mail through it. The mailbox is shared by every suite and never cleared as a
 * whole: a test finds its mails by recipient (unique addresses per run) and removes only those.
 */
export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** When the sink received it (ISO). */
  date: string;
}
export interface Mail extends MailSummary {
  text: string;
  html: string;
  /** The attached files, base64 (a sink started before attachments were kept answers none). */
  attachments?: { filename: string; contentType: string; size: number; content: string }[];
}

export interface MailQuery {
  /** Recipient address (case-insensitive; a `Name <addr>` entry matches too). */
  to?: string;
  subject?: string | RegExp;
  /** Received at or after this time (ms since epoch; the sink's clock, so 2 s of slack). */
  since?: number;
  /** Mail ids to skip (e.g. the previous code mail). */
  except?: string[];
  match?: (m: MailSummary) => boolean;
}

const SINCE_SLACK_MS = 2000;

function matches(m: MailSummary, q: MailQuery): boolean {
  if (q.to && !m.to.some((t) => t.toLowerCase().includes(q.to!.toLowerCase()))) return false;
  if (typeof q.subject === 'string' && m.subject !== q.subject) return false;
  if (q.subject instanceof RegExp && !q.subject.test(m.subject)) return false;
  if (q.since !== undefined && Date.parse(m.date) < q.since - SINCE_SLACK_MS) return false;
  if (q.except?.includes(m.id)) return false;
  return q.match ? q.match(m) : true;
}

export class Mailbox {
  constructor(readonly url = process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025') {}

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.url}${path}`);
    if (!res.ok) throw new Error(`mailbox ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  /** Every mail's summary, newest first. */
  list(): Promise<MailSummary[]> {
    return this.get('/api/messages');
  }
  read(id: string): Promise<Mail> {
    return this.get(`/api/messages/${encodeURIComponent(id)}`);
  }
  /** Summaries matching the query, newest first. */
  async summaries(q: MailQuery | MailQuery['match'] = {}): Promise<MailSummary[]> {
    const query = typeof q === 'function' ? { match: q } : q;
    return (await this.list()).filter((m) => matches(m, query));
  }
  /** Whole mails matching the query (or a summary predicate), then the full-mail filter; newest first. */
  async find(
    q: MailQuery | MailQuery['match'] = {},
    full: (m: Mail) => boolean = () => true,
  ): Promise<Mail[]> {
    const hits = await this.summaries(q);
    return (await Promise.all(hits.map((m) => this.read(m.id)))).filter(full);
  }
  /** The newest mail matching the query, waiting for it (the outbox → NATS → notifications → SMTP path). */
  waitFor(
    q: MailQuery,
    opts: { timeoutMs?: number; intervalMs?: number; full?: (m: Mail) => boolean } = {},
  ): Promise<Mail> {
    return waitFor(
      async () => (await this.find(q, opts.full))[0],
      opts.timeoutMs ?? 45_000,
      opts.intervalMs ?? 300,
    );
  }
  /** The newest mail to `address` with `subject`, waiting for it. */
  waitForMailTo(
    address: string,
    subject?: string | RegExp,
    opts: { since?: number; except?: string[]; timeoutMs?: number } = {},
  ): Promise<Mail> {
    return this.waitFor({ to: address, subject, since: opts.since, except: opts.except }, opts);
  }
  /** Removes the mails to `address` (a test's own addresses only: the mailbox is shared); returns how many. */
  async clear(address: string): Promise<number> {
    const mine = await this.summaries({ to: address });
    for (const m of mine) {
      await fetch(`${this.url}/api/messages/${encodeURIComponent(m.id)}`, { method: 'DELETE' });
    }
    return mine.length;
  }
}

/** The local stack's mailbox (MAILBOX_URL, default http://127.0.0.1:8025). */
export const mailbox = new Mailbox();

/** The 6-digit pin or reset code of a mail ('Verify your email', 'Reset your password', …). */
export function codeIn(mail: Pick<Mail, 'text' | 'subject'>): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail "${mail.subject}": ${mail.text}`);
  return m[1]!;
}
