import { escapeHtml } from './escape.js';
import { button, codeBlock, htmlFrame } from './layout.js';
import type { Mail } from './mail.js';

export const ACCOUNT_CREATED_SUBJECT = 'Your Portal account has been created';

/**
 * A staff member created the account: a welcome, not a "reset your password" that reads like an error.
 * The link opens the set-password step (/forgotPasswordSubmit) with the address filled in; the code goes with it.
 */
export function accountCreatedMail(input: {
  email: string;
  code: string;
  expiresAt: string;
  appUrl: string;
}): Mail {
  const days = Math.max(1, Math.round((Date.parse(input.expiresAt) - Date.now()) / 86_400_000)) || 7;
  const url = `${input.appUrl.replace(/\/$/, '')}/forgotPasswordSubmit?email=${encodeURIComponent(input.email)}`;
  const text = `Hello,

An account has been created for you on the Portal (${input.email}).
To start, choose your password with this code:

${input.code}

Set your password here: ${url}
The code is valid for ${days} days. After that, use "Forgot password" on the sign-in page.

— The Portal team
`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>An account has been created for you on the Portal (<strong>${escapeHtml(input.email)}</strong>). To start, choose your password with this code:</p>
  ${codeBlock(input.code)}
  ${button(url, 'Set your password')}
  <p style="font-size:12px;color:#6b7280">The code is valid for ${days} days. After that, use "Forgot password" on the sign-in page.</p>`);
  return { subject: ACCOUNT_CREATED_SUBJECT, html, text };
}
