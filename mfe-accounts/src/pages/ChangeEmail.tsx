import { useState } from 'react';
import { AuthMessages, LIMITS, Messages } from '@portal/contracts';
import { Button, TextField, errorText, isEmail, toast, usePortal, useSessionUser } from '@portal/ui';
import { requestEmailChange, updateMyEmail } from '../api.js';
import { Actions, AuthCard } from './auth/AuthCard.js';
import { CODE_REQUIRED } from './auth/validate.js';

/**
 * Change email (accounts §2, §4): a pin goes to the new address, then the code confirms it. The sign-in name changes
 * with it, so the session ends and the login screen opens with the new email filled in.
 */
export function ChangeEmail() {
  const { api, session, navigate } = usePortal();
  const user = useSessionUser();
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string; pin?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const address = email.trim().toLowerCase();

  const sendPin = async () => {
    setError(null);
    const bad = !isEmail(address)
      ? Messages.invalidEmail
      : address.length > LIMITS.email
        ? Messages.emailTooLong
        : address === user?.email.toLowerCase()
          ? AuthMessages.sameEmail
          : undefined;
    setErrors({ email: bad });
    if (bad) return;
    setBusy(true);
    try {
      const r = await requestEmailChange(api, address);
      setSentTo(address);
      setNotice(r?.message || AuthMessages.pinSentTo(address));
    } catch (e) {
      setNotice(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setError(null);
    const bad = pin.trim() ? undefined : CODE_REQUIRED;
    setErrors({ pin: bad });
    if (bad || !sentTo) return;
    setBusy(true);
    try {
      const r = await updateMyEmail(api, sentTo, pin.trim());
      toast.success(`${r?.message || AuthMessages.emailUpdated} Please sign in with ${sentTo}.`);
      // signed out everywhere; Keycloak's sign-in page then has the new address filled in
      await session.logout({ loginHint: sentTo });
    } catch (e) {
      setNotice(null);
      setError(errorText(e));
      setBusy(false);
    }
  };

  const back = () => {
    setSentTo(null);
    setPin('');
    setNotice(null);
    setErrors({});
  };

  return (
    <AuthCard
      title="Change Email"
      id="changeemail"
      wide
      onSubmit={() => void (sentTo ? confirm() : sendPin())}
      error={error}
      onCloseError={() => setError(null)}
      notice={notice}
      onCloseNotice={() => setNotice(null)}
    >
      <p className="pu-muted">
        Current email: <strong data-testid="changeemail-current">{user?.email}</strong>
      </p>
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        readOnly={!!sentTo}
        error={errors.email}
        testId="changeemail-email"
      />
      {sentTo && (
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={10}
          className="pu-input acc-auth-pin"
          value={pin}
          onChange={(v) => setPin(v.replace(/\s+/g, ''))}
          error={errors.pin}
          autoFocus
          testId="changeemail-pin"
        />
      )}
      <Actions>
        <Button type="submit" variant="primary" disabled={busy} data-testid="changeemail-submit">
          {sentTo ? 'Change Email' : 'Send Code'}
        </Button>
        {sentTo ? (
          <>
            <Button onClick={() => void sendPin()} disabled={busy} data-testid="changeemail-resend">
              Resend code
            </Button>
            <Button onClick={back} disabled={busy} data-testid="changeemail-back">
              Use another email
            </Button>
          </>
        ) : (
          <Button onClick={() => navigate('/dashboard/profile')} data-testid="changeemail-cancel">
            Cancel
          </Button>
        )}
      </Actions>
    </AuthCard>
  );
}
