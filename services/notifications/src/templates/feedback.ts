import { FEEDBACK_SUBJECT } from '@portal/contracts';
import { escapeHtml } from './escape.js';
import type { Mail } from './mail.js';

/** Feedback dialog (spec §2): fixed subject, the sender's address and their message, both HTML-escaped. */
export function feedbackMail(input: { from: string; message: string }): Mail {
  const html = `<p><strong>From:</strong> ${escapeHtml(input.from)}</p>
<p><strong>Message:</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
  return { subject: FEEDBACK_SUBJECT, html, text: `From: ${input.from}\n\nMessage:\n${input.message}\n` };
}
