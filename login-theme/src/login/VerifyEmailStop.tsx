import { useState, type MouseEvent } from 'react';
import { AuthMessages } from '@portal/contracts';
import { portalUrl } from './text';

const RESEND = 'send the code again';

/**
 * The not-yet-verified stop (accounts §4: the portal proves an address with its own pin): the spec's message,
 * "send the code again" asking accounts for a new pin (POST /api/auth/sendValidation, the pin screen's own resend)
 * before opening the pin screen, "Enter the code" opening it directly. Without a known address both open the pin
 * screen, which asks for the address and resends from there.
 */
export function VerifyEmailStop({ email, restartUrl }: { email: string; restartUrl: string }) {
  const verifyUrl = portalUrl('/verify', { email });
  const [sending, setSending] = useState(false);
  const [head, tail] = splitAt(AuthMessages.emailNotVerified, RESEND);

  const resend = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (!email) return;
    e.preventDefault();
    setSending(true);
    try {
      await fetch('/api/auth/sendValidation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    } catch {
      // the pin screen offers the resend again
    }
    window.location.assign(verifyUrl);
  };

  return (
    <>
      <p className="pt-alert pt-alert-warning" id="kc-verify-email-message">
        {head}
        <a href={verifyUrl} id="kc-resend-code" onClick={(e) => void resend(e)} aria-busy={sending}>
          {RESEND}
        </a>
        {tail}
      </p>
      <p>
        {email && (
          <>
            We sent the code to <strong>{email}</strong>.{' '}
          </>
        )}
        <a href={verifyUrl} id="kc-enter-code">
          Enter the code
        </a>
      </p>
      <p className="pt-links">
        <a href={restartUrl} id="kc-back-to-login">
          Back to Sign In
        </a>
      </p>
    </>
  );
}

/** The message around the link's words (the whole message, unlinked, if they were ever reworded). */
function splitAt(text: string, words: string): [string, string] {
  const i = text.indexOf(words);
  return i < 0 ? [`${text} `, ''] : [text.slice(0, i), text.slice(i + words.length)];
}
