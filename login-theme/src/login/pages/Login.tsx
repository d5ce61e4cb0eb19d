import { useRef, useState, type FormEvent } from 'react';
import { Messages, isValidEmail } from '@portal/contracts';
import type { PageProps } from 'keycloakify/login/pages/PageProps';
import type { KcContext } from '../KcContext';
import type { I18n } from '../i18n';
import { rememberSignInEmail } from '../signInEmail';
import { takeSignInNotice } from '../signInNotice';
import { decodeEntities, portalUrl } from '../text';

type Props = PageProps<Extract<KcContext, { pageId: 'login.ftl' }>, I18n>;
type Errors = { email?: string; password?: string };

/**
 * The spec's sign-in screen (accounts §2, §5): Email and Password, Sign In, "Sign Up" and "Forgot Password" into the
 * portal's own flows. Keycloak's form names and ids stay (username, password, #kc-login): Keycloak reads them and
 * the browser tests fill them. The email comes prefilled from login_hint (Keycloak puts it in login.username).
 */
export default function Login({ kcContext, i18n, Template, doUseDefaultCss, classes }: Props) {
  const { url, login, usernameHidden, messagesPerField, auth } = kcContext;
  const [email, setEmail] = useState(login.username ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const failed = messagesPerField.existsError('username', 'password');
  const failure = failed ? decodeEntities(messagesPerField.getFirstError('username', 'password')) : undefined;
  // what the portal just did, read once (a reload does not show it again); a failed sign-in's message takes its place
  const notice = takeSignInNotice();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    const next: Errors = {
      email: usernameHidden || isValidEmail(email.trim()) ? undefined : Messages.invalidEmail,
      password: passwordRef.current?.value ? undefined : Messages.passwordRequired,
    };
    setErrors(next);
    if (next.email || next.password) {
      e.preventDefault();
      (next.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    if (!usernameHidden) rememberSignInEmail(email.trim());
    setBusy(true);
  };

  return (
    <Template
      kcContext={kcContext}
      i18n={i18n}
      doUseDefaultCss={doUseDefaultCss}
      classes={classes}
      headerNode="Sign In"
      displayMessage={!failed}
    >
      {failure && (
        <div className="pt-alert pt-alert-error" role="alert" id="input-error">
          {failure}
        </div>
      )}
      {notice && !failed && (
        <div className="pt-alert pt-alert-success" role="status" id="portal-notice">
          {notice}
        </div>
      )}
      <form id="kc-form-login" action={url.loginAction} method="post" onSubmit={submit} noValidate>
        {!usernameHidden && (
          <div className={`pt-field${errors.email ? ' pt-field-invalid' : ''}`}>
            <label htmlFor="username">
              <span className="pt-req" aria-hidden="true">
                *
              </span>
              Email
            </label>
            <input
              ref={emailRef}
              id="username"
              name="username"
              type="email"
              className="pt-input"
              autoComplete="username"
              autoFocus={!login.username}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(errors.email) || failed}
              aria-describedby={errors.email ? 'username-error' : undefined}
            />
            {errors.email && (
              <span id="username-error" className="pt-field-error">
                {errors.email}
              </span>
            )}
          </div>
        )}
        <div className={`pt-field${errors.password ? ' pt-field-invalid' : ''}`}>
          <label htmlFor="password">
            <span className="pt-req" aria-hidden="true">
              *
            </span>
            Password
          </label>
          <input
            ref={passwordRef}
            id="password"
            name="password"
            type="password"
            className="pt-input"
            autoComplete="current-password"
            autoFocus={Boolean(login.username)}
            required
            aria-invalid={Boolean(errors.password) || failed}
            aria-describedby={errors.password ? 'password-error' : undefined}
          />
          {errors.password && (
            <span id="password-error" className="pt-field-error">
              {errors.password}
            </span>
          )}
        </div>
        <input type="hidden" id="id-hidden-input" name="credentialId" value={auth.selectedCredential ?? ''} />
        <button
          id="kc-login"
          name="login"
          type="submit"
          className="pt-btn pt-btn-primary pt-btn-block"
          disabled={busy}
        >
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <nav className="pt-links" aria-label="Account">
        <a href={portalUrl('/signup')} id="kc-signup">
          Sign Up
        </a>
        <a
          href={portalUrl('/forgotPassword', { email: email.trim().toLowerCase() || undefined })}
          id="kc-forgot"
        >
          Forgot Password
        </a>
      </nav>
    </Template>
  );
}
