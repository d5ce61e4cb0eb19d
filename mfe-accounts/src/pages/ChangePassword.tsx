import { useState } from 'react';
import { Messages } from '@portal/contracts';
import { Button, TextField, errorText, usePortal, useSessionUser } from '@portal/ui';
import { changePassword } from '../api.js';
import { Actions, AuthCard } from './auth/AuthCard.js';
import { changePasswordErrors, changePasswordFailure, hasErrors } from './auth/validate.js';
import { NewPasswordFields } from './auth/NewPasswordFields.js';

type Errors = ReturnType<typeof changePasswordErrors>;

/** Change password (accounts §2, §5, §8): current, new (8–60) and confirmation; the server checks the current one. */
export function ChangePassword() {
  const { api, navigate } = usePortal();
  const user = useSessionUser();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    setNotice(null);
    const next = changePasswordErrors({ current, password, confirm });
    setErrors(next);
    if (hasErrors(next) || !user) return;
    setBusy(true);
    try {
      const r = await changePassword(api, user.email, current, password);
      const done = r?.message || Messages.passwordUpdated;
      setNotice(done);
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (e) {
      setError(changePasswordFailure(errorText(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Change Password"
      id="changepw"
      wide
      onSubmit={() => void submit()}
      error={error}
      onCloseError={() => setError(null)}
      notice={notice}
      onCloseNotice={() => setNotice(null)}
    >
      {user && <input type="text" autoComplete="username" value={user.email} readOnly hidden />}
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={setCurrent}
        error={errors.current}
        testId="changepw-current"
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
        testIds={{ password: 'changepw-new', confirm: 'changepw-confirm' }}
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={busy} data-testid="changepw-submit">
          {busy ? 'Saving…' : 'Change Password'}
        </Button>
        <Button onClick={() => navigate('/dashboard/profile')} data-testid="changepw-cancel">
          Cancel
        </Button>
      </Actions>
    </AuthCard>
  );
}
