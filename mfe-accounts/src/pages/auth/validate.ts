import { AuthMessages, LIMITS, Messages, isValidEmail } from '@portal/contracts';

/** The spec's email check (contracts isValidEmail, as @portal/ui isEmail; here so these rules run without a DOM). */
export const looksLikeEmail = (s: string): boolean => isValidEmail(s.trim());

export interface SignUpInput {
  /** Text in the licence picker; `licenceChosen` says whether it is a licence picked from the list. */
  licenceText: string;
  licenceChosen: boolean;
  fromLink: boolean;
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
}

/** Sign Up stays disabled until terms, email, both passwords, a licence (or invite) are there and the passwords match (§2). */
export const canSignUp = (f: SignUpInput): boolean =>
  f.terms &&
  !!f.email.trim() &&
  !!f.password &&
  !!f.confirm &&
  (f.fromLink || !!f.licenceText.trim()) &&
  f.password === f.confirm;

/** The sign-up validation messages (accounts §5), in form order, word for word. */
export function signUpErrors(f: SignUpInput): string[] {
  const out: string[] = [];
  if (!f.fromLink) {
    if (!f.licenceText.trim()) out.push(Messages.licenceRequired);
    else if (!f.licenceChosen) out.push(Messages.invalidLicence);
  }
  if (!looksLikeEmail(f.email)) out.push(Messages.invalidEmail);
  if (f.email.trim().length > LIMITS.email) out.push(Messages.emailTooLong);
  if (!f.password || !f.confirm) out.push(Messages.passwordRequired);
  return out;
}

/** Joins messages into one line: the spec's texts already end in a space where they were meant to be chained. */
export const joinMessages = (msgs: string[]): string =>
  msgs.reduce((acc, m) => acc + (acc && !/\s$/.test(acc) ? ' ' : '') + m, '').trimEnd();

/** The password helper rule (§5): at least six characters with a digit, a lowercase and an uppercase letter. */
export const meetsPasswordPolicy = (p: string): boolean =>
  p.length >= 6 && /\d/.test(p) && /[a-z]/.test(p) && /[A-Z]/.test(p);

export const CODE_REQUIRED = Messages.fieldRequired('Code');
export const CODE_TOO_LONG = Messages.fieldTooLong('Code', LIMITS.resetCode);
export const PASSWORD_TOO_LONG = AuthMessages.passwordTooLong;

type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Reset with a code (§5 Forgot/reset): code required ≤ 10; new password required ≤ 60 and the policy; both match. */
export function resetErrors(f: {
  code: string;
  password: string;
  confirm: string;
}): FieldErrors<'code' | 'password' | 'confirm'> {
  const e: FieldErrors<'code' | 'password' | 'confirm'> = {};
  if (!f.code.trim()) e.code = CODE_REQUIRED;
  else if (f.code.trim().length > LIMITS.resetCode) e.code = CODE_TOO_LONG;
  if (!f.password) e.password = Messages.passwordRequired;
  else if (f.password.length > LIMITS.newPassword) e.password = PASSWORD_TOO_LONG;
  else if (!meetsPasswordPolicy(f.password)) e.password = Messages.passwordPolicy;
  if (!f.confirm) e.confirm = Messages.passwordRequired;
  else if (f.password && f.confirm !== f.password) e.confirm = Messages.passwordsDoNotMatch;
  return e;
}

/** Change password (§5): current required; new ≥ 8 and ≤ 60; confirmation matches. */
export function changePasswordErrors(f: {
  current: string;
  password: string;
  confirm: string;
}): FieldErrors<'current' | 'password' | 'confirm'> {
  const e: FieldErrors<'current' | 'password' | 'confirm'> = {};
  if (!f.current) e.current = Messages.passwordRequired;
  if (!f.password) e.password = Messages.passwordRequired;
  else if (f.password.length < LIMITS.changePasswordMin) e.password = Messages.passwordMin;
  else if (f.password.length > LIMITS.newPassword) e.password = PASSWORD_TOO_LONG;
  if (!f.confirm) e.confirm = Messages.passwordRequired;
  else if (f.confirm !== f.password) e.confirm = Messages.passwordsDoNotMatch;
  return e;
}

/** The server's change-password failure as the spec words it (§8). */
export const changePasswordFailure = (message: string): string =>
  /current password|incorrect/i.test(message)
    ? Messages.currentPasswordIncorrect
    : Messages.changePasswordFailed(message);

export const hasErrors = (e: object): boolean => Object.values(e).some(Boolean);
