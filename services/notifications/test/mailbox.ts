/** The SMTP sink's HTTP mailbox (INTERFACES §1). */
const MAILBOX = process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025';

export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
}
export interface Mail extends MailSummary {
  text: string;
  html: string;
}

export async function listMail(): Promise<MailSummary[]> {
  return (await (await fetch(`${MAILBOX}/api/messages`)).json()) as MailSummary[];
}
export async function readMail(id: string): Promise<Mail> {
  return (await (await fetch(`${MAILBOX}/api/messages/${id}`)).json()) as Mail;
}
/** Whole mails (newest first) matching the summary filter and then the full-mail filter. */
export async function findMail(
  summary: (m: MailSummary) => boolean,
  full: (m: Mail) => boolean = () => true,
): Promise<Mail[]> {
  const hits = (await listMail()).filter(summary);
  return (await Promise.all(hits.map((m) => readMail(m.id)))).filter(full);
}
