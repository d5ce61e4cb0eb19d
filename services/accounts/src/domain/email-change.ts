import { AuthMessages, Messages, Subjects, type UserRefData } from '@portal/contracts';
import { userRef } from '../events/publishes.js';
import { Problem } from '@portal/service-kit';
import { UserExists } from '../adapters/keycloak/index.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { consumePin } from '../models/pin.js';
import { ensureProfile } from './profiles.js';
import { issueCode, normEmail, pinEvent } from './pins.js';
import type { Caller, Deps } from './deps.js';

/** Change email (spec §4): a pin goes to the new address; the code then moves the account. */
async function assertFree(deps: Deps, email: string): Promise<void> {
  if ((await User.exists({ email })) || (await deps.keycloak.findUserByEmail(email)))
    throw new Problem(400, Messages.emailExists);
}

export async function requestEmailChange(deps: Deps, me: Caller, rawEmail: string): Promise<string> {
  const email = normEmail(rawEmail);
  if (me.email && normEmail(me.email) === email) throw new Problem(400, AuthMessages.sameEmail);
  await assertFree(deps, email);
  const profile = await ensureProfile({ sub: me.sub, email: me.email, role: me.role });
  const { pin, expiresAt } = await issueCode('change-email', me.sub, email);
  await User.updateOneWithEvents({ _id: profile._id }, {}, [pinEvent(email, pin, 'change-email', expiresAt)]);
  return email;
}

/** Moves Keycloak first, then the profile; a failed profile write puts the old address back in Keycloak. */
export async function confirmEmailChange(deps: Deps, me: Caller, rawEmail: string, code: string) {
  const email = normEmail(rawEmail);
  if (!(await consumePin('change-email', me.sub, code, email)))
    throw new Problem(400, AuthMessages.invalidPin);
  await assertFree(deps, email);
  const profile = await ensureProfile({ sub: me.sub, email: me.email, role: me.role });
  try {
    await deps.keycloak.updateUser(me.sub, { username: email, email, emailVerified: true });
  } catch (err) {
    if (err instanceof UserExists) throw new Problem(400, Messages.emailExists);
    throw err;
  }
  const data: UserRefData = userRef({ ...profile, email }, profile.verified);
  try {
    await User.updateOneWithEvents({ _id: profile._id }, { $set: { email } }, [
      { subject: Subjects.userUpdated, data },
    ]);
  } catch (err) {
    await deps.keycloak
      .updateUser(me.sub, { username: profile.email, email: profile.email })
      .catch(() => undefined);
    if ((err as { code?: number }).code === 11000) throw new Problem(400, Messages.emailExists);
    throw err;
  }
  return toProfile((await User.findById(profile._id).lean<UserDoc>())!);
}
