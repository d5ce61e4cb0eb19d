import { useState } from 'react';
import { Messages } from '@portal/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  PageTitle,
  errorText,
  toast,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import { deleteOwnAccount } from '../api.js';
import './auth/auth.css';

/** Delete account (accounts §2, §8): confirm, POST /api/users/delete {user: {email}}, then sign out. */
export function DeleteAccount() {
  const { api, session, navigate } = usePortal();
  const user = useSessionUser();
  const [understood, setUnderstood] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const r = await deleteOwnAccount(api, user.email);
      setAsking(false);
      toast.success(r?.message || Messages.userDeleted);
      await session.logout({ notice: r?.message || Messages.userDeleted });
    } catch (e) {
      setAsking(false);
      setError(Messages.deleteUserError(errorText(e)));
      setBusy(false);
    }
  };

  return (
    <div className="acc-auth acc-auth-page" data-testid="delete-account">
      <section className="pu-card acc-auth-card">
        <PageTitle>Delete Account</PageTitle>
        {error && (
          <Alert type="error" onClose={() => setError(null)} testId="delete-error">
            {error}
          </Alert>
        )}
        <p className="pu-muted">
          Deleting <strong>{user?.email}</strong> removes your account from the portal and signs you out. This
          cannot be undone.
        </p>
        <Checkbox
          label="I understand that my account will be deleted"
          checked={understood}
          onChange={setUnderstood}
          testId="delete-understood"
        />
        <div className="acc-auth-actions">
          <Button
            variant="danger"
            disabled={!understood || busy}
            onClick={() => setAsking(true)}
            data-testid="delete-submit"
          >
            Delete Account
          </Button>
          <Button onClick={() => navigate('/dashboard/profile')} data-testid="delete-cancel">
            Cancel
          </Button>
        </div>
      </section>
      <Modal
        open={asking}
        title="Delete your account?"
        onClose={() => !busy && setAsking(false)}
        testId="delete-dialog"
        footer={
          <>
            <Button
              onClick={() => setAsking(false)}
              disabled={busy}
              autoFocus
              data-testid="delete-dialog-cancel"
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void remove()}
              disabled={busy}
              data-testid="delete-confirm"
            >
              {busy ? 'Deleting…' : 'Delete'}
            </Button>
          </>
        }
      >
        Your account <strong>{user?.email}</strong> will be deleted. Continue?
      </Modal>
    </div>
  );
}
