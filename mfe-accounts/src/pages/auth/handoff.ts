/**
 * What one public screen hands the next (spec accounts §2: verify receives email, password, company, fromLink; login
 * can receive email and password). Non-secret values ride in history.state, so a reload keeps them; a password is
 * kept only in this module's memory (never in history or storage) and handed over once.
 */
export interface Handoff {
  email?: string;
  fromLink?: boolean;
  /** The invite link's token, handed from /signMeUp to sign-up (it is in the link already). */
  inviteToken?: string;
  company?: string;
  /** A message the previous screen got from the server (e.g. "a code has been sent"). */
  notice?: string;
}

let secret: { path: string; email: string; password: string } | null = null;

/** Opens `path` with `state`; `password`, if given, is readable once on that screen through takePassword(). */
export function go(path: string, state: Handoff, password?: string, replace = false): void {
  secret = password && state.email ? { path: path.split('?')[0]!, email: state.email, password } : null;
  if (replace) window.history.replaceState(state, '', path);
  else window.history.pushState(state, '', path);
}

/** The state the previous screen handed over (empty when the screen was opened directly). */
export function handedOver(): Handoff {
  const s: unknown = window.history.state;
  return s && typeof s === 'object' ? (s as Handoff) : {};
}

/** The password handed to the current screen for `email`, if any. */
export function peekPassword(email: string | undefined): string | undefined {
  return secret && email && secret.email === email && secret.path === window.location.pathname
    ? secret.password
    : undefined;
}

export function forgetPassword(): void {
  secret = null;
}
