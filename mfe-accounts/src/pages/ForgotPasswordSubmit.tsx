import { useState } from 'react';
import { LIMITS, Messages } from '@portal/contracts';
import { Button, TextField, errorText, isEmail, toast, useQuery, usePortal } from '@portal/ui';
import { forgotPasswordSubmit } from '../api.js';
import { Actions, AuthCard } from './auth/AuthCard.js';
import { go, handedOver } from './auth/handoff.js';
import { hasErrors, resetErrors } from './auth/validate.js';
import { NewPasswordFields } from './auth/NewPasswordFields.js';

type Errors = ReturnType<typeof resetErrors> & { email?: string };

/** Forgot password, step 2 (accounts §2, §5): code (≤ 10), new password (≤ 60, the policy) twice → sign in. */
export function ForgotPasswordSubmit() {
  const { api, navigate } = usePortal();
  const query = useQuery();
  const prev = handedOver();
  const [email, setEmail] = useState(prev.email ?? query.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(prev.notice ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const address = email.trim().toLowerCase();
    const next: Errors = {
      email: isEmail(address) ? undefined : Messages.invalidEmail,
      ...resetErrors({ code, password, confirm }),
    };
    setErrors(next);
    if (hasErrors(next)) return;
    setBusy(true);
    try {
      const r = await forgotPasswordSubmit(api, address, code.trim(), password);
      toast.success(r?.message || Messages.passwordUpdated);
      go('/login', { email: address, notice: r?.message || Messages.passwordUpdated });
    } catch (e) {
      setNotice(null);
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset Password"
      id="reset"
      onSubmit={() => void submit()}
      error={error}
      onCloseError={() => setError(null)}
      notice={notice}
      onCloseNotice={() => setNotice(null)}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        readOnly={!!prev.email}
        error={errors.email}
        testId="reset-email"
      />
      <TextField
        label="Code"
        autoComplete="one-time-code"
        required
        maxLength={LIMITS.resetCode}
        value={code}
        onChange={setCode}
        error={errors.code}
        testId="reset-code"
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
        testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={busy} data-testid="reset-submit">
          {busy ? 'Saving…' : 'Reset Password'}
        </Button>
        <Button onClick={() => navigate('/login')} data-testid="reset-cancel">
          Cancel
        </Button>
      </Actions>
      <div className="acc-auth-links">
        <Button
          variant="link"
          onClick={() => go('/forgotPassword', { email: email.trim().toLowerCase() })}
          data-testid="reset-new-code"
        >
          Send me a new code
        </Button>
      </div>
    </AuthCard>
  );
}
