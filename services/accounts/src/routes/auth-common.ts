import { Type } from 'typebox';
import { AuthMessages, LIMITS, Messages } from '@portal/contracts';

/** The auth routes' shared body and answer schemas (the rules behind them are in domain/sign-*.ts, passwords.ts). */

/**
 * An email for sign-up/change-email: at most 60 ('Email is limited to 60 characters. '), valid
 * ('The input is not a valid E-mail. ', also when missing). Lower-cased by the handlers.
 */
export const NewEmail = Type.Intersect(
  [
    Type.String({ maxLength: LIMITS.email, errorMessage: Messages.emailTooLong }),
    Type.String({ format: 'email', errorMessage: Messages.invalidEmail }),
  ],
  { errorMessage: Messages.invalidEmail },
);

/** A pin or reset code as typed: required, at most 10 characters. */
export const Code = Type.String({
  minLength: 1,
  maxLength: LIMITS.resetCode,
  errorMessage: AuthMessages.invalidPin,
});

/** The reset policy (Messages.passwordPolicy): 6+ characters with a digit, a lower- and an upper-case letter. */
export const PolicyPassword = Type.Intersect(
  [
    Type.String({ maxLength: LIMITS.newPassword, errorMessage: AuthMessages.passwordTooLong }),
    Type.String({
      pattern: '^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{6,}$',
      errorMessage: Messages.passwordPolicy,
    }),
    // the realm's length(8) policy, the same rule as NewPassword
    Type.String({ minLength: LIMITS.changePasswordMin, errorMessage: Messages.passwordMin }),
  ],
  { errorMessage: Messages.passwordRequired },
);

/**
 * A new password wherever one is chosen (sign-up, change password, staff-created accounts set theirs by reset):
 * one rule, 8 to 60 characters ('Passwords must be at least 8 characters. '), like the realm's length(8) policy.
 */
export const NewPassword = Type.Intersect(
  [
    Type.String({ minLength: 1, errorMessage: Messages.passwordRequired }),
    Type.String({ minLength: LIMITS.changePasswordMin, errorMessage: Messages.passwordMin }),
    Type.String({ maxLength: LIMITS.newPassword, errorMessage: AuthMessages.passwordTooLong }),
  ],
  { errorMessage: Messages.passwordRequired }, // shown when the field is missing
);

export const Message = Type.Object({ message: Type.String() });

/** Public auth routes also rate-limit on the account the body names (kit rate-limit `rateLimitBy`). */
export const bodyEmail = (r: { body?: unknown }) => (r.body as { email?: string } | undefined)?.email;
