import { useState } from 'react';
import { LIMITS, Messages } from '@portal/contracts';
import { Button, Checkbox, Link, TextField, errorText, usePortal, type LicenceOption } from '@portal/ui';
import { signUp } from '../api.js';
import { AccountsLicencePicker } from '../exposes/LicencePicker.js';
import { Actions, AuthCard, INVITE_STEPS } from './auth/AuthCard.js';
import { go, handedOver } from './auth/handoff.js';
import { canSignUp, joinMessages, signUpErrors } from './auth/validate.js';

/** Terms label: links to config `account.toslink` when configured. */
function TermsLabel({ href }: { href?: string }) {
  const terms = 'Terms of Service';
  return (
    <>
      I agree to the{' '}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" data-testid="signup-terms-link">
          {terms}
        </a>
      ) : (
        terms
      )}
    </>
  );
}

/**
 * Sign-up (accounts §2, §5): licence (not when invited), email (locked when invited), password twice, terms.
 * Sign Up stays disabled until the form is complete; validation messages are joined in one closable red alert.
 */
export function SignUp() {
  const { api, config, navigate } = usePortal();
  const prev = handedOver();
  const fromLink = prev.fromLink === true && !!prev.email;
  const [licence, setLicence] = useState<LicenceOption | null>(null);
  const [licenceInput, setLicenceInput] = useState('');
  const [email, setEmail] = useState(prev.email ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const input = {
    licenceText: licenceInput,
    licenceChosen: !!licence,
    fromLink,
    email,
    password,
    confirm,
    terms,
  };
  const mismatch = !!password && !!confirm && password !== confirm;
  const ready = canSignUp(input);

  const submit = async () => {
    setError(null);
    const errors = signUpErrors(input);
    if (errors.length) return setError(joinMessages(errors));
    if (!canSignUp(input)) return;
    const address = email.trim().toLowerCase();
    setBusy(true);
    try {
      const licenceNumber = licence?.['License #'];
      const answer = await signUp(api, {
        email: address,
        password,
        data: licenceNumber ? { company: { 'License #': licenceNumber } } : {},
        method: fromLink ? 'invite' : 'license',
        ...(fromLink && prev.inviteToken ? { inviteToken: prev.inviteToken } : {}),
      });
      go(
        '/verify',
        { email: answer?.email ?? address, fromLink, company: licenceNumber, notice: answer?.message },
        password,
      );
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  const toslink = typeof config['account.toslink'] === 'string' ? config['account.toslink'] : undefined;
  return (
    <AuthCard
      title="Sign Up"
      id="signup"
      step={0}
      steps={fromLink ? INVITE_STEPS : undefined}
      onSubmit={() => void submit()}
      error={error}
      onCloseError={() => setError(null)}
    >
      {fromLink ? (
        <p className="pu-muted" data-testid="signup-invite">
          You were invited to join a company on the portal: create your password to accept the invitation.
        </p>
      ) : (
        <AccountsLicencePicker
          value={licence}
          onChange={setLicence}
          onText={setLicenceInput}
          label="License Number"
          required
          testId="signup-licence"
        />
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        readOnly={fromLink}
        aria-readonly={fromLink}
        maxLength={LIMITS.email + 40}
        testId="signup-email"
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        testId="signup-password"
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={setConfirm}
        error={mismatch ? Messages.passwordsDoNotMatch : undefined}
        testId="signup-confirm"
      />
      <Checkbox
        label={<TermsLabel href={toslink || undefined} />}
        checked={terms}
        onChange={setTerms}
        testId="signup-terms"
      />
      <Actions>
        <Button
          type="submit"
          variant="primary"
          disabled={busy || !ready}
          aria-describedby={ready ? undefined : 'signup-hint'}
          data-testid="signup-submit"
        >
          {busy ? 'Signing up…' : 'Sign Up'}
        </Button>
        <Button onClick={() => navigate('/login')} data-testid="signup-cancel">
          Cancel
        </Button>
      </Actions>
      {!ready && (
        <p id="signup-hint" className="pu-muted acc-auth-hint" data-testid="signup-hint">
          {fromLink ? 'Enter' : 'Choose your licence, enter'} your email and the same password twice, and
          accept the terms to sign up.
        </p>
      )}
      <div className="acc-auth-links">
        <span>
          Already have an account?{' '}
          <Link to="/login" data-testid="signup-login">
            Sign In
          </Link>
        </span>
      </div>
    </AuthCard>
  );
}
