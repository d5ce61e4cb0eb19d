import { useState } from 'react';
import { Role, type RoleNumber } from '@portal/contracts';
import { Button, Checkbox, errorText, toast, useConfirm, usePortal } from '@portal/ui';
import { updateUser } from '../../api.js';
import { PublicLink } from './Fields.js';
import { isStaff, type UserRecord } from './model.js';

/**
 * The profile's public orders link (accounts README "Public orders link"): a switch, off until the company turns it
 * on; when on, the copyable link and Regenerate (asks first: the current link stops working at once). The link's
 * token is accounts'; the profile answer carries its page path (`publicorderslink`) only to the profile's owner, the
 * company's account admin and staff. Turning on and regenerating are the account admin's and staff's; anyone who
 * sees the switch may turn it off. Each change is saved at once (not with the form's Save).
 */
export function PublicOrdersLink({
  user,
  editorRole,
  onChange,
}: {
  user: UserRecord;
  editorRole: RoleNumber;
  onChange: (u: UserRecord) => void;
}) {
  const { api } = usePortal();
  const { ask, dialog } = useConfirm('public-link-confirm');
  const [busy, setBusy] = useState(false);
  const on = !!user.publicorderslink;
  const mayTurnOn = isStaff(editorRole) || editorRole === Role.AccountAdmin;
  if (!on && !mayTurnOn) return null;
  const verified = user.verified === true;
  const send = async (publicOrders: 'on' | 'off' | 'regenerate', done: string) => {
    setBusy(true);
    try {
      const r = await updateUser(api, { email: user.email, publicOrders });
      if (r.user) onChange(r.user);
      toast.success(done);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const regenerate = async () => {
    const yes = await ask({
      title: 'Regenerate the public orders link?',
      text: 'The current link stops working at once. Anyone who uses it will need the new link.',
      confirm: 'Regenerate',
    });
    if (yes) await send('regenerate', 'A new public orders link was made; the old one no longer works.');
  };
  const hint = !verified
    ? 'Available once the account has been verified.'
    : on
      ? 'Anyone with this link sees your company’s orders of a week (no login): share it only with whom you trust.'
      : 'Off: nobody can see your company’s orders without signing in.';
  return (
    <fieldset className="pu-card acc-pf-public" data-testid="profile-section-public-link">
      <legend>Public Orders</legend>
      <Checkbox
        label="Public orders link"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={busy || (!on && (!mayTurnOn || !verified))}
        onChange={(c) =>
          void send(c ? 'on' : 'off', c ? 'The public orders link is on.' : 'The public orders link is off.')
        }
        testId="profile-public-switch"
      />
      <p className="pu-muted acc-pf-public-hint" data-testid="profile-public-hint">
        {hint}
      </p>
      {on && (
        <>
          <PublicLink link={`${window.location.origin}${user.publicorderslink}`} />
          {mayTurnOn && (
            <div className="acc-pf-public-actions">
              <Button
                onClick={() => void regenerate()}
                disabled={busy}
                data-testid="profile-public-regenerate"
              >
                Regenerate
              </Button>
            </div>
          )}
        </>
      )}
      {dialog}
    </fieldset>
  );
}
