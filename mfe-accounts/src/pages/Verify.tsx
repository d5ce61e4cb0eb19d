import { useState } from 'react';
import { Button, Link, TextField, errorText, isEmail, toast, useQuery, usePortal } from '@portal/ui';
import { AuthMessages, Messages } from '@portal/contracts';
import { resendPin, verifyPin } from '../api.js';
import { Actions, AuthCard, INVITE_STEPS } from './auth/AuthCard.js';
import { forgetPassword, handedOver } from './auth/handoff.js';
import { CODE_REQUIRED } from './auth/validate.js';

/**
 * Verify Email (accounts §2, §4): the pin mailed after sign-up. A correct pin verifies the address; the user then
 * signs in on Keycloak's page with the email filled in and lands on the profile (step 3 of sign-up). Resend asks
 * for a new pin.
 */
export function Verify() {
  const { api, session } = usePortal();
  const query = useQuery();
  const prev = handedOver();
  const known = prev.email ?? query.get('email') ?? '';
  const [email, setEmail] = useState(known);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ email?: string; pin?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(
    prev.notice ?? (known ? `We sent a code to ${known}.` : null),
  );
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);

  const address = email.trim().toLowerCase();
  const checkEmail = () => (isEmail(address) ? undefined : Messages.invalidEmail);

  const submit = async () => {
    setError(null);
    const next = { email: checkEmail(), pin: pin.trim() ? undefined : CODE_REQUIRED };
    setErrors(next);
    if (next.email || next.pin) return;
    setBusy('verify');
    try {
      const answer = await verifyPin(api, address, pin.trim());
      forgetPassword();
      toast.success(answer?.message || AuthMessages.emailVerified);
      // Signed in on Keycloak's page with the address filled in, then on to the profile (step 3 of sign-up).
      await session.login({
        loginHint: address,
        redirect: '/dashboard/profile',
        notice: answer?.message || AuthMessages.emailVerified,
      });
    } catch (e) {
      setNotice(null);
      setError(errorText(e));
      setBusy(null);
    }
  };

  const resend = async () => {
    setError(null);
    const bad = checkEmail();
    setErrors({ email: bad });
    if (bad) return;
    setBusy('resend');
    try {
      const r = await resendPin(api, address);
      setNotice(r?.message || AuthMessages.codeSent(address));
    } catch (e) {
      setNotice(null);
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      title="Verify Email"
      id="verify"
      step={1}
      steps={prev.fromLink === true ? INVITE_STEPS : undefined}
      onSubmit={() => void submit()}
      error={error}
      onCloseError={() => setError(null)}
      notice={notice}
      onCloseNotice={() => setNotice(null)}
    >
      <p className="pu-muted">
        Enter the code we emailed you to confirm your address. Codes expire after 30 minutes.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        readOnly={!!prev.email}
        error={errors.email}
        testId="verify-email"
      />
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={10}
        className="pu-input acc-auth-pin"
        value={pin}
        onChange={(v) => setPin(v.replace(/\s+/g, ''))}
        error={errors.pin}
        testId="verify-pin"
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={busy !== null} data-testid="verify-submit">
          {busy === 'verify' ? 'Verifying…' : 'Verify'}
        </Button>
        <Button onClick={() => void resend()} disabled={busy !== null} data-testid="verify-resend">
          {busy === 'resend' ? 'Sending…' : 'Resend code'}
        </Button>
      </Actions>
      <div className="acc-auth-links">
        <Link to="/login" data-testid="verify-login">
          Back to Sign In
        </Link>
      </div>
    </AuthCard>
  );
}
