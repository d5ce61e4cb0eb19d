import { AuthMessages, Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { InvalidCredentials, PasswordRejected } from '../adapters/keycloak/index.js';
import { User } from '../models/user.js';
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS, consumePin } from '../models/pin.js';
import { resetRequested } from '../events/publishes.js';
import { ensureProfile } from './profiles.js';
import { endAllSessions } from './sessions.js';
import { issueCode, normEmail } from './pins.js';
import type { Caller, Deps } from './deps.js';

/**
 * Reset-code guesses ("anyone can lock someone else's password reset"): each client address gets
 * PIN_MAX_ATTEMPTS wrong tries per account and code lifetime, so a stranger's guesses never use up the owner's;
 * the code itself takes RESET_MAX_ATTEMPTS tries from all addresses together (10 addresses' worth: 50 guesses of a
 * 6-digit code, a 1 in 20,000 chance), and the 5-codes-in-a-row limit keeps the newest mailed code valid.
 */
export const RESET_MAX_ATTEMPTS = 50;
/** The least time a forgot-password answer takes, whatever the address (longer than either path's usual time). */
export const FORGOT_ANSWER_MS = 400;

/**
 * Mails a reset code (sealed in the event). The answer says nothing about whether the address has an account
 * (README "Decisions"): a code is issued for any address, with the same limit (the sixth in a row is a 429 for
 * both); the account is looked up, and only a known one gets the profile and the mail, after the answer, so both
 * take the same time.
 */
export async function forgotPassword(deps: Deps, rawEmail: string): Promise<void> {
  const started = Date.now();
  try {
    const email = normEmail(rawEmail);
    const { pin: code, expiresAt } = await issueCode('reset', email, email);
    // Whether the address has an account is looked up after the answer: Keycloak finds a known address slower than
    // an unknown one, and on a busy host that difference outgrew any floor. The code of an unknown address is never
    // mailed, and resetPassword refuses it.
    void mailIfKnown(deps, email, code, expiresAt).catch((err: Error) =>
      deps.log.error({ err: err.message }, 'reset code not mailed'),
    );
  } finally {
    // every answer waits to the same floor (issuing the code is the same work for any address)
    const wait = FORGOT_ANSWER_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

async function mailIfKnown(deps: Deps, email: string, code: string, expiresAt: Date): Promise<void> {
  const kcUser = await deps.keycloak.findUserByEmail(email);
  if (!kcUser) return;
  const profile = await ensureProfile({ sub: kcUser.id, email });
  await User.updateOneWithEvents({ _id: profile._id }, {}, [resetRequested(email, code, expiresAt)]);
}

/** Counts this client address's try at this account's code; Redis down: the code's own overall limit still applies. */
async function addressTries(deps: Deps, email: string, ip: string): Promise<{ count: number; key: string }> {
  const key = `portal:reset-try:${email}:${ip}`;
  const count = await deps.redis
    .multi()
    .incr(key)
    .pexpire(key, PIN_TTL_MS)
    .exec()
    .then((r) => Number(r?.[0]?.[1] ?? 0))
    .catch(() => 0);
  return { count, key };
}

/** A reset code and a new password: every session of the account ends (whoever knew the old one is out). */
export async function resetPassword(
  deps: Deps,
  rawEmail: string,
  code: string,
  password: string,
  ip: string,
) {
  const email = normEmail(rawEmail);
  const tries = await addressTries(deps, email, ip);
  if (tries.count > PIN_MAX_ATTEMPTS) throw new Problem(400, AuthMessages.invalidPin);
  const used = await consumePin('reset', email, code, email, RESET_MAX_ATTEMPTS);
  if (!used) throw new Problem(400, AuthMessages.invalidPin);
  await deps.redis.del(tries.key).catch(() => undefined);
  const kcUser = await deps.keycloak.findUserByEmail(email);
  if (!kcUser) throw new Problem(400, AuthMessages.invalidPin);
  try {
    await deps.keycloak.setPassword(kcUser.id, password);
  } catch (err) {
    if (err instanceof PasswordRejected) throw new Problem(400, err.message);
    throw err;
  }
  await endAllSessions(deps, kcUser.id);
}

/**
 * Change password (own account): the current one checked on the password-check client (never the browser's public
 * client); then every session ends, this one too.
 */
export async function changePassword(
  deps: Deps,
  me: Caller,
  rawEmail: string,
  oldPassword: string,
  newPassword: string,
) {
  const email = normEmail(rawEmail);
  if (!me.email || normEmail(me.email) !== email) throw new Problem(403, Messages.forbidden);
  try {
    await deps.keycloak.checkPassword(email, oldPassword);
  } catch (err) {
    if (err instanceof InvalidCredentials) throw new Problem(400, Messages.currentPasswordIncorrect);
    throw err;
  }
  try {
    await deps.keycloak.setPassword(me.sub, newPassword);
  } catch (err) {
    if (err instanceof PasswordRejected) throw new Problem(400, err.message);
    throw err;
  }
  await endAllSessions(deps, me.sub);
}
