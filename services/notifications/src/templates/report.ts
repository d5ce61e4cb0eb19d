import { escapeHtml } from './escape.js';
import { button, htmlFrame } from './layout.js';
import type { Mail } from './mail.js';

/** What the report mail says; the spec words only the empty signature report ("No orders missing signatures"). */
export interface ReportMailFacts {
  title: string;
  rows: number;
  emptyText?: string;
  /** Attached files' names. */
  attached: string[];
  /** Files too large to attach: name, size in bytes and a download link (valid 7 days). */
  linked: { filename: string; size: number; url: string }[];
  /** {APP_URL}/dashboard/reports */
  reportsLink: string;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const plural = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;

/** The lead line: the empty text when the report found nothing, else its row count. Pure. */
export function reportLead(f: Pick<ReportMailFacts, 'title' | 'rows' | 'emptyText'>): string {
  if (f.rows === 0) return f.emptyText || `${f.title}: no rows matched.`;
  return `Your report "${f.title}" is ready: ${plural(f.rows)}.`;
}

/** The mail around a finished report: subject = its title; body with the lead, the files and the reports link. */
export function reportMail(f: ReportMailFacts): Mail {
  const lead = reportLead(f);
  const lines = [
    lead,
    ...(f.attached.length ? [`Attached: ${f.attached.join(', ')}`] : []),
    ...f.linked.map(
      (l) => `${l.filename} (${mb(l.size)}) is too large to attach; download it within 7 days: ${l.url}`,
    ),
    `Your reports: ${f.reportsLink}`,
  ];
  const text = `Hello,\n\n${lines.join('\n\n')}\n\n— The Portal team\n`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>${escapeHtml(lead)}</p>
${f.attached.length ? `  <p>Attached: ${escapeHtml(f.attached.join(', '))}</p>\n` : ''}${f.linked
    .map(
      (l) =>
        `  <p>${escapeHtml(l.filename)} (${mb(l.size)}) is too large to attach: <a href="${escapeHtml(l.url)}">download it</a> within 7 days.</p>\n`,
    )
    .join('')}  ${button(f.reportsLink, 'Open your reports')}`);
  return { subject: f.title, html, text };
}
