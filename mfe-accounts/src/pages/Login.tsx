import { useState, type FormEvent } from 'react';
import { AuthMessages, Messages } from '@portal/contracts';
import { Alert, Button, Link, TextField, isEmail, usePortal, useQuery } from '@portal/ui';
import { go, peekPassword } from './auth/handoff.js';

/**
 * Where to go after signing in: a same-origin path from ?redirect= (set by the shell), else `/`, which the shell
 * sends to where the role's day starts (the manifests' `home`; the profile for a role no page names).
 */
export function afterLogin(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

function fromPreviousScreen(): { email?: string; password?: string } {
  const s: unknown = window.history.state;
  return s && typeof s === 'object' ? (s as { email?: string; password?: string }) : {};
}

/** The spec's login screen (accounts §2): Email, Password, Sign In; errors in a closable red alert. */
export function Login() {
  const { session, navigate } = usePortal();
  const query = useQuery();
  const prev = fromPreviousScreen();
  const [email, setEmail] = useState(prev.email ?? query.get('email') ?? '');
  const [password, setPassword] = useState(prev.password ?? peekPassword(prev.email) ?? '');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = () => {
    const next = {
      email: isEmail(email) ? undefined : Messages.invalidEmail,
      password: password ? undefined : Messages.passwordRequired,
    };
    setErrors(next);
    return !next.email && !next.password;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!validate()) return;
    setBusy(true);
    try {
      await session.login(email.trim(), password);
      navigate(afterLogin(query.get('redirect')));
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : Messages.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acc-login">
      <form
        className="pu-card acc-login-card"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="login-form"
      >
        <h1>Sign In</h1>
        {failure && (
          <Alert type="error" onClose={() => setFailure(null)} testId="login-error">
            {failure}
            {failure === AuthMessages.emailNotVerified && (
              // No session before the email is verified: on to the pin screen, which can send the code again.
              <>
                {' '}
                <Link
                  to="/verify"
                  data-testid="login-verify"
                  onClick={(e) => {
                    e.preventDefault();
                    go('/verify', { email: email.trim().toLowerCase() }, password);
                  }}
                >
                  Enter or resend the code
                </Link>
              </>
            )}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
          error={errors.email}
          testId="login-email"
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
          testId="login-password"
        />
        <Button
          type="submit"
          variant="primary"
          disabled={busy}
          data-testid="login-submit"
          className="acc-login-submit"
        >
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
        <div className="acc-login-links">
          <Link to="/signup" data-testid="login-signup">
            Sign Up
          </Link>
          <Link to="/forgotPassword" data-testid="login-forgot">
            Forgot Password
          </Link>
        </div>
      </form>
    </div>
  );
}
