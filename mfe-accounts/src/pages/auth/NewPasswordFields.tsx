import { LIMITS } from '@portal/contracts';
import { TextField } from '@portal/ui';

/** New password + confirmation, as change password and reset password both ask for them (accounts §5). */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  errors: { password?: string; confirm?: string };
  /** data-testid prefix: `<prefix>-new`/`-confirm` style ids are kept as each screen documents them. */
  testIds: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={LIMITS.newPassword}
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
        testId={props.testIds.password}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={LIMITS.newPassword}
        value={props.confirm}
        onChange={props.onConfirm}
        error={props.errors.confirm}
        testId={props.testIds.confirm}
      />
    </>
  );
}
