import { escapeHtml } from './escape.js';
import type { Mail } from './mail.js';

export const ACCOUNT_VERIFIED_SUBJECT = 'Account Verified';

/** Sent when staff set a user verified (spec §4 "When staff set verified, the user receives an Account Verified email"). */
export function accountVerifiedMail(input: { name?: string; email: string; appUrl: string }): Mail {
  const greeting = input.name?.trim() ? `Hello ${input.name.trim()},` : 'Hello,';
  const loginUrl = `${input.appUrl.replace(/\/$/, '')}/login`;
  const text = `${greeting}

Good news: your Portal account (${input.email}) has been verified.
You can now sign in and place orders:

${loginUrl}

If you did not sign up for the Portal, you can ignore this email.

— The Portal team
`;
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
  <p>${escapeHtml(greeting)}</p>
  <p>Good news: your Portal account (<strong>${escapeHtml(input.email)}</strong>) has been <strong>verified</strong>.</p>
  <p>You can now sign in and place orders.</p>
  <p><a href="${escapeHtml(loginUrl)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:4px;text-decoration:none">Go to the Portal</a></p>
  <p style="font-size:12px;color:#6b7280">Or open ${escapeHtml(loginUrl)}. If you did not sign up for the Portal, you can ignore this email.</p>
  <p>— The Portal team</p>
</body></html>`;
  return { subject: ACCOUNT_VERIFIED_SUBJECT, html, text };
}
