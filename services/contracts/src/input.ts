/**
 * Input checks shared by the browser and the services (tenancy and input): one email rule, one person-name
 * rule, one CSV cell rule. Every check bounds the length BEFORE looking at the characters, and none uses a regex that
 * can backtrack, so a 1 MiB body costs one length comparison, not minutes of event loop.
 */

/** RFC 5321 limits: the longest path an SMTP server accepts, and the longest local part. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;
// dot-atom characters (RFC 5322 atext): what an SMTP server accepts unquoted in a local part, ASCII only because
// the portal's mail path does not negotiate SMTPUTF8.
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * The ONE email check (sign-up, login, invites, profile, config, the notifications SMTP path through the kit's AJV
 * `format: 'email'`): the address the SMTP path can deliver to, i.e. dot-atom local part (≤ 64), an `@`, and a
 * dotted host name of letter-digit-hyphen labels (≤ 63 each); ≤ 254 in all. Callers trim and lower-case first.
 */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > LOCAL_MAX || !local.split('.').every((part) => ATEXT.test(part))) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => l.length <= LABEL_MAX && LABEL.test(l))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]!) || /^xn--/i.test(labels[labels.length - 1]!);
}

/** Names (contact, first/last) as Keycloak stores them: at most 100 characters, none of Keycloak's prohibited ones. */
export const NAME_MAX_LENGTH = 100;
/**
 * Keycloak's `person-name-prohibited-characters` rule (its PersonNameProhibitedCharactersValidator: `< > & " $ % ! #
 * ? § ; * ~ / \ | ^ = [ ] { } ( )` and control characters), as a JSON-schema `pattern` (AJV compiles it with the `u`
 * flag) and for the browser. A single negated class: linear, and only run after the length check.
 */
export const NAME_PATTERN = '^[^<>&"$%!#?§;*~/\\\\|^=\\[\\]{}()\\u0000-\\u001f\\u007f]*$';
const NAME_RE = new RegExp(NAME_PATTERN, 'u');

/** Whether a person's name (first, last or contact name) is acceptable; empty is the caller's "required" rule. */
export function isValidName(value: unknown): boolean {
  return typeof value === 'string' && value.length <= NAME_MAX_LENGTH && NAME_RE.test(value);
}

/** The message for a name Keycloak would refuse (the spec does not word one; in its style). */
export const nameInvalidMessage = (label: string) =>
  `${label} may not contain any of < > & " $ % ! # ? § ; * ~ / \\ | ^ = [ ] { } ( ). `;
