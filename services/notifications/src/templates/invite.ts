import { escapeHtml } from './escape.js';
import { button, htmlFrame } from './layout.js';
import type { Mail } from './mail.js';

export const INVITE_SUBJECT = 'You have been invited to the portal';

/** An invite (spec §2 invite screen; sent and resent): who invited, for which company, and the sign-up link. */
export function inviteMail(input: {
  email: string;
  invitedBy: string;
  companyName?: string;
  link: string;
}): Mail {
  const company = input.companyName?.trim();
  const line = `${input.invitedBy} has invited you (${input.email}) to join ${company ? company : 'their company'} on the Portal.`;
  const text = `Hello,

${line}
Create your account here:

${input.link}

If you were not expecting this invitation, you can ignore this email.

— The Portal team
`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>${escapeHtml(line)}</p>
  ${button(input.link, 'Create your account')}
  <p style="font-size:12px;color:#6b7280">If you were not expecting this invitation, you can ignore this email.</p>`);
  return { subject: INVITE_SUBJECT, html, text };
}
