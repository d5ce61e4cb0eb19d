import { escapeHtml } from './escape.js';
import { button, htmlFrame } from './layout.js';
import type { Mail } from './mail.js';

export const USER_APPLIED_SUBJECT = 'New account application';

/** Spec §4: on the first profile save the admin emails receive an application notice, with a link to review it. */
export function userAppliedMail(input: {
  email: string;
  companyName?: string;
  licenseNumber?: string;
  appUrl: string;
}): Mail {
  const url = `${input.appUrl.replace(/\/$/, '')}/validateUser?email=${encodeURIComponent(input.email)}`;
  const company = input.companyName?.trim() || '(not given)';
  const licence = input.licenseNumber?.trim() || '(not given)';
  const text = `Hello,

A new account is waiting for verification:

Email: ${input.email}
Company: ${company}
License #: ${licence}

Review and verify it here: ${url}

— The Portal team
`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>A new account is waiting for verification:</p>
  <table style="border-collapse:collapse">
    <tr><td style="padding:2px 12px 2px 0"><strong>Email</strong></td><td>${escapeHtml(input.email)}</td></tr>
    <tr><td style="padding:2px 12px 2px 0"><strong>Company</strong></td><td>${escapeHtml(company)}</td></tr>
    <tr><td style="padding:2px 12px 2px 0"><strong>License #</strong></td><td>${escapeHtml(licence)}</td></tr>
  </table>
  ${button(url, 'Review the account')}`);
  return { subject: USER_APPLIED_SUBJECT, html, text };
}
