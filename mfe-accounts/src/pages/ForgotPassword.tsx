import { useState } from 'react';
import { Messages } from '@portal/contracts';
import { Button, Link, TextField, errorText, isEmail, useQuery, usePortal } from '@portal/ui';
import { forgotPassword } from '../api.js';
import { Actions, AuthCard } from './auth/AuthCard.js';
import { go, handedOver } from './auth/handoff.js';

/** Forgot password, step 1 (accounts §2, §8): email → a reset code is mailed → the code-and-new-password screen. */
export function ForgotPassword() {
  const { api, navigate } = usePortal();
  const query = useQuery();
  const [email, setEmail] = useState(handedOver().email ?? query.get('email') ?? '');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const address = email.trim().toLowerCase();
    const bad = isEmail(address) ? undefined : Messages.invalidEmail;
    setInvalid(bad);
    if (bad) return;
    setBusy(true);
    try {
      const r = await forgotPassword(api, address);
      go('/forgotPasswordSubmit', { email: address, notice: r?.message || Messages.forgotSent });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      id="forgot"
      onSubmit={() => void submit()}
      error={error}
      onCloseError={() => setError(null)}
    >
      <p className="pu-muted">
        Enter the email you sign in with and we will send you a code to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={invalid}
        testId="forgot-email"
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={busy} data-testid="forgot-submit">
          {busy ? 'Sending…' : 'Send Code'}
        </Button>
        <Button onClick={() => navigate('/login')} data-testid="forgot-cancel">
          Cancel
        </Button>
      </Actions>
      <div className="acc-auth-links">
        <Link to="/forgotPasswordSubmit" data-testid="forgot-have-code">
          I already have a code
        </Link>
      </div>
    </AuthCard>
  );
}
