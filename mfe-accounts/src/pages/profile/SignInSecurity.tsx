import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  errorText,
  toast,
  useConfirm,
  usePortal,
  type AccountAction,
  type ActionResult,
} from '@portal/ui';

/** GET /api/users/me/second-factors (accounts): what the caller has, never a credential's data. */
interface Factors {
  required: boolean;
  authenticatorApp: boolean;
  keys: { id: string; label: string; createdAt?: string }[];
}

const ACTION_DONE: Record<AccountAction, string> = {
  CONFIGURE_TOTP: 'Your authenticator app is set up: sign-ins can now ask for its code.',
  'webauthn-register': 'Your security key is registered: sign-ins can now ask for it.',
};

/** Keycloak's kc_action_status as the toast a person reads. */
function announce(r: ActionResult): void {
  if (r.status === 'success')
    toast.success(ACTION_DONE[r.action as AccountAction] ?? 'Your sign-in security was updated.');
  else if (r.status === 'cancelled') toast.info('Cancelled: nothing was changed.');
  else toast.error('That step could not be finished. Please try again.');
}

const day = (iso?: string) => (iso ? new Date(iso).toLocaleDateString() : '');

/**
 * Profile → "Sign-in security" (staff, the roles the production realm asks for a second factor): which factors the
 * user has and the buttons that start Keycloak's own set-up pages (application-initiated actions through the shell's
 * session: Keycloak may ask for the password again first). A security key can be removed here (accounts keeps the
 * last factor); registering one needs WebAuthn in this browser.
 */
export function SignInSecurity() {
  const { api, session } = usePortal();
  const { ask, dialog } = useConfirm('security-confirm');
  const [factors, setFactors] = useState<Factors | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const webauthn = typeof window.PublicKeyCredential === 'function';

  const load = useCallback(
    () =>
      api.get<{ data: Factors }>('/api/users/me/second-factors').then(
        (r) => {
          setFactors(r.data);
          setError(null);
        },
        (e: unknown) => setError(errorText(e)),
      ),
    [api],
  );
  useEffect(() => {
    const done = session.takeActionResult();
    if (done) announce(done);
    void load();
  }, [session, load]);

  const start = (action: AccountAction) => {
    setBusy(true);
    void session.requestAction(action, { redirect: '/dashboard/profile' });
  };
  const remove = async (key: Factors['keys'][number]) => {
    const yes = await ask({
      title: `Remove the security key “${key.label}”?`,
      text: 'You will no longer be able to sign in with it.',
      confirm: 'Remove',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const r = await api.del<{ message: string; data: Factors }>(
        `/api/users/me/second-factors/keys/${encodeURIComponent(key.id)}`,
      );
      setFactors(r.data);
      toast.success(r.message);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="pu-card acc-pf-public acc-pf-security" data-testid="profile-section-security">
      <legend>Sign-in security</legend>
      <p className="pu-muted acc-pf-public-hint">
        Your role signs in with a second factor after the password: a security key or a code from an
        authenticator app.
      </p>
      {error && (
        <Alert type="error" testId="security-error">
          {error}
        </Alert>
      )}
      {factors && (
        <>
          <div className="acc-pf-security-row">
            <span className="acc-pf-security-name">Authenticator app</span>
            <span data-testid="security-app-status">
              {factors.authenticatorApp ? 'Set up' : 'Not set up'}
            </span>
            <Button onClick={() => start('CONFIGURE_TOTP')} disabled={busy} data-testid="security-setup-app">
              Set up authenticator app
            </Button>
          </div>
          <div className="acc-pf-security-row">
            <span className="acc-pf-security-name">Security keys</span>
            <span data-testid="security-key-count">
              {factors.keys.length === 0 ? 'None registered' : `${factors.keys.length} registered`}
            </span>
            {webauthn ? (
              <Button
                onClick={() => start('webauthn-register')}
                disabled={busy}
                data-testid="security-add-key"
              >
                Register a security key
              </Button>
            ) : (
              <span className="pu-muted" data-testid="security-key-unsupported">
                This browser cannot register a security key.
              </span>
            )}
          </div>
          {factors.keys.length > 0 && (
            <ul className="acc-pf-security-keys" data-testid="security-keys">
              {factors.keys.map((k) => (
                <li key={k.id} data-testid="security-key">
                  <span className="acc-pf-security-label">{k.label}</span>
                  <span className="pu-muted">{day(k.createdAt) && `added ${day(k.createdAt)}`}</span>
                  <Button
                    variant="link"
                    onClick={() => void remove(k)}
                    disabled={busy}
                    data-testid="security-key-remove"
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {dialog}
    </fieldset>
  );
}
