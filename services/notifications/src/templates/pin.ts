import { escapeHtml } from './escape.js';
import { codeBlock, htmlFrame, minutesLeft } from './layout.js';
import type { Mail } from './mail.js';

export const VERIFY_EMAIL_SUBJECT = 'Verify your email';
export const CONFIRM_NEW_EMAIL_SUBJECT = 'Confirm your new email';

/** The pin of a sign-up (spec §4 "sign-up, then verify with pin") or of an email change ("send a pin to the new email"). */
export function pinMail(input: {
  email: string;
  pin: string;
  purpose: 'signup' | 'change-email';
  expiresAt: string;
}): Mail {
  const signup = input.purpose === 'signup';
  const minutes = minutesLeft(input.expiresAt);
  const intro = signup
    ? `Thank you for signing up for the Portal with ${input.email}. Enter this code to verify your email:`
    : `Enter this code in the Portal to confirm ${input.email} as your new email address:`;
  const ignore = signup
    ? 'If you did not sign up for the Portal, you can ignore this email.'
    : 'If you did not ask to change your email, you can ignore this email; your account stays as it is.';
  const text = `Hello,

${intro}

${input.pin}

The code is valid for ${minutes} minutes.
${ignore}

— The Portal team
`;
  const html = htmlFrame(`  <p>Hello,</p>
  <p>${escapeHtml(intro)}</p>
  ${codeBlock(input.pin)}
  <p>The code is valid for ${minutes} minutes.</p>
  <p style="font-size:12px;color:#6b7280">${escapeHtml(ignore)}</p>`);
  return { subject: signup ? VERIFY_EMAIL_SUBJECT : CONFIRM_NEW_EMAIL_SUBJECT, html, text };
}
