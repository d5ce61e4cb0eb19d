import { useState, type MouseEvent } from 'react';
import { AuthMessages } from '@portal/contracts';
import type { PageProps } from 'keycloakify/login/pages/PageProps';
import type { KcContext } from '../KcContext';
import type { I18n } from '../i18n';
import { portalUrl } from '../text';

type Props = PageProps<Extract<KcContext, { pageId: 'login-verify-email.ftl' }>, I18n>;

const RESEND = 'send the code again';

/**
 * Keycloak stops here for an address not yet verified. The portal proves an address with its own pin (accounts
 * §4): the spec's message, "enter the code" opening the portal's pin screen, and "send the code again" asking
 * accounts for a new pin (POST /api/auth/sendValidation, the pin screen's own resend) before opening it.
 */
export default function LoginVerifyEmail({ kcContext, i18n, Template, doUseDefaultCss, classes }: Props) {
  const email = kcContext.user?.email ?? '';
  const verifyUrl = portalUrl('/verify', { email });
  const [sending, setSending] = useState(false);
  const [head, tail] = splitAt(AuthMessages.emailNotVerified, RESEND);

  const resend = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (!email) return; // the pin screen asks for the address and resends from there
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
    <Template
      kcContext={kcContext}
      i18n={i18n}
      doUseDefaultCss={doUseDefaultCss}
      classes={classes}
      headerNode="Verify Email"
      displayMessage={false}
    >
      <p className="pt-alert pt-alert-warning" id="kc-verify-email-message">
        {head}
        <a href={verifyUrl} id="kc-resend-code" onClick={(e) => void resend(e)} aria-busy={sending}>
          {RESEND}
        </a>
        {tail}
      </p>
      {email && (
        <p>
          We sent the code to <strong>{email}</strong>.{' '}
          <a href={verifyUrl} id="kc-enter-code">
            Enter the code
          </a>
        </p>
      )}
      <p className="pt-links">
        <a href={kcContext.url.loginRestartFlowUrl} id="kc-back-to-login">
          Back to Sign In
        </a>
      </p>
    </Template>
  );
}

/** The message around the link's words (the whole message, unlinked, if they were ever reworded). */
function splitAt(text: string, words: string): [string, string] {
  const i = text.indexOf(words);
  return i < 0 ? [`${text} `, ''] : [text.slice(0, i), text.slice(i + words.length)];
}
