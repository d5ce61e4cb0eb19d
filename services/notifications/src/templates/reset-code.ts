import { escapeHtml } from './escape.js';
import { codeBlock, htmlFrame, minutesLeft } from './layout.js';
import type { Mail } from './mail.js';

export const RESET_PASSWORD_SUBJECT = 'Reset your password';

/** Forgot password (spec §2 "asks for email, then a code plus new password"): the code, and where to enter it. */
export function resetCodeMail(input: {
  email: string;
  code: string;
  expiresAt: string;
  appUrl: string;
}): Mail {
  const minutes = minutesLeft(input.expiresAt);
  const url = `${input.appUrl.replace(/\/$/, '')}/forgotPassword?email=${encodeURIComponent(input.email)}`;
  const text = `Hello,

We received a request to reset the password of your Portal account (${input.email}).
Your reset code:

${input.code}

Enter it with your new password at ${url}
The code is valid for ${minutes} minutes. If you did not ask for this, you can ignore this email.

— The Portal team
`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>We received a request to reset the password of your Portal account (<strong>${escapeHtml(input.email)}</strong>). Your reset code:</p>
  ${codeBlock(input.code)}
  <p>Enter it with your new password at <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>.</p>
  <p style="font-size:12px;color:#6b7280">The code is valid for ${minutes} minutes. If you did not ask for this, you can ignore this email.</p>`);
  return { subject: RESET_PASSWORD_SUBJECT, html, text };
}
