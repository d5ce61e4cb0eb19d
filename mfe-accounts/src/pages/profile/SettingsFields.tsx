import { ALL_ROLES, ROLE_LABELS, type RoleNumber } from '@portal/contracts';
import { Checkbox, Select } from '@portal/ui';
import { VERIFIED_VALUES, toVerified, verifiedLabel } from '../verified.js';
import { Section, type SectionProps } from './Fields.js';
import { isStaff } from './model.js';

/** Role options: only roles equal to or less privileged than the editor's (accounts §6), plus the current one. */
export function roleOptions(editorRole: RoleNumber, current: RoleNumber) {
  return ALL_ROLES.filter((r) => r >= editorRole || r === current).map((r) => ({
    value: String(r),
    label: ROLE_LABELS[r],
  }));
}

/** The role field is disabled when the editor's role number is higher than the edited user's (accounts §6). */
export const roleDisabled = (editorRole: RoleNumber, editedRole: RoleNumber) => editorRole > editedRole;

export function SettingsFields({ p, editedRole }: { p: SectionProps; editedRole: RoleNumber }) {
  const staff = isStaff(p.ctx.editorRole);
  const { values, set } = p;
  return (
    <Section title="Settings" testId="profile-section-settings">
      <Select
        label="Order Notification"
        value={values.orderNotification ? 'yes' : 'no'}
        onChange={(v) => set('orderNotification', v === 'yes')}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        disabled={p.disabled}
        testId="profile-notify"
      />
      <Select
        label="Role"
        value={String(values.role)}
        onChange={(v) => set('role', Number(v) as RoleNumber)}
        options={roleOptions(p.ctx.editorRole, editedRole)}
        disabled={p.disabled || roleDisabled(p.ctx.editorRole, editedRole)}
        testId="profile-role"
      />
      {staff ? (
        <Select
          label="Verified Status"
          value={String(values.verified)}
          onChange={(v) => set('verified', toVerified(v))}
          options={VERIFIED_VALUES.map((v) => ({ value: v, label: verifiedLabel(v) }))}
          disabled={p.disabled}
          testId="profile-verified"
        />
      ) : (
        <div className="pu-field">
          <span className="acc-pf-static-label">Verified Status</span>
          <span className="acc-pf-static" data-testid="profile-verified">
            {verifiedLabel(values.verified)}
          </span>
        </div>
      )}
      <div className="acc-pf-check">
        <Checkbox
          label="Same-day pickup allowed"
          checked={values.sameDayPickup}
          onChange={(c) => set('sameDayPickup', c)}
          disabled={p.disabled || !staff}
          testId="profile-same-day"
        />
      </div>
    </Section>
  );
}
