import { useEffect, useState } from 'react';
import { Alert, Button, Link, usePortal, useQuery } from '@portal/ui';
import { handedOver } from './auth/handoff.js';

/**
 * Where to go after signing in: a same-origin path from ?redirect= (set by the shell), else `/`, which the shell
 * sends to where the role's day starts (the manifests' `home`; the profile for a role no page names).
 */
export function afterLogin(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

/** The email a previous screen knows (the pin, a reset, a change of email, `?email=`): Keycloak's login_hint. */
function knownEmail(query: URLSearchParams): string | undefined {
  const e = handedOver().email ?? query.get('email') ?? '';
  return e.trim().toLowerCase() || undefined;
}

/**
 * /login: the sign-in page is Keycloak's (the portal's theme, Authorization Code + PKCE through the shell's session):
 * this screen only sends the browser there, with the email filled in when one is known, and offers a button in case
 * the redirect does not happen (Keycloak unreachable).
 */
export function Login() {
  const { session } = usePortal();
  const query = useQuery();
  const [failed, setFailed] = useState(false);
  const options = {
    loginHint: knownEmail(query),
    redirect: afterLogin(query.get('redirect')),
    notice: handedOver().notice,
  };

  const signIn = () => {
    setFailed(false);
    session.login(options).catch((e: unknown) => {
      console.warn('sign-in page not reached', e);
      setFailed(true);
    });
  };
  // once per visit of /login
  useEffect(signIn, []);

  return (
    <div className="acc-login">
      <section className="pu-card acc-login-card" data-testid="login-form" aria-busy={!failed}>
        <h1>Sign In</h1>
        {failed ? (
          <Alert type="error" testId="login-error">
            The sign-in page could not be reached. Please try again.
          </Alert>
        ) : (
          <p className="pu-muted" role="status">
            Taking you to the sign-in page…
          </p>
        )}
        <Button variant="primary" onClick={signIn} data-testid="login-submit" className="acc-login-submit">
          Sign In
        </Button>
        <div className="acc-login-links">
          <Link to="/signup" data-testid="login-signup">
            Sign Up
          </Link>
          <Link to="/forgotPassword" data-testid="login-forgot">
            Forgot Password
          </Link>
        </div>
      </section>
    </div>
  );
}
