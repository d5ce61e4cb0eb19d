import { AccountState, AuthMessages, DEFAULT_ROLE, Messages, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { PasswordRejected, UserExists } from '../adapters/keycloak/index.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { Invite, inviteTokenHash } from '../models/invite.js';
import { findLicenceRecord, licenceKey } from '../models/licence-record.js';
import { consumePin, dropPin, issuePin } from '../models/pin.js';
import { queue, userCreated } from '../events/publishes.js';
import { ensureProfile } from './profiles.js';
import { issueCode, normEmail, pinEvent } from './pins.js';
import type { Deps } from './deps.js';

type Company = Record<string, unknown>;
export interface SignUpInput {
  email: string;
  password: string;
  method?: 'license' | 'invite';
  inviteToken?: string;
  data?: { role?: number; company?: { 'License #'?: string } };
}
export interface Admission {
  role: RoleNumber;
  company: Company;
  inviteId?: unknown;
}

/**
 * Every sign-up is a standard user (accounts §3 "role (default 4)", §9 "default role 4"), whatever role the body
 * asks for: staff review the account and promote the company's account admin (role 3) themselves. The company is
 * the licence record's. Pure: test/domain-invites-licences.test.ts.
 */
export function licenceAdmission(record: Record<string, unknown> & { 'License #': string }): Admission {
  const lic = record['License #'];
  return {
    role: DEFAULT_ROLE,
    company: {
      'License #': lic,
      Licensee: record.Licensee,
      DBA: record.DBA,
      'Street Address': record['Street Address'],
      City: record.City,
      Zip: record.Zip,
      licenseNumbers: [lic],
    },
  };
}

/**
 * Which company and role a sign-up gets, or the spec's refusal. Reads only, except that an invite is claimed
 * (accepted) atomically here so that its token works once; the caller gives it back if the sign-up fails.
 */
export async function admission(email: string, body: SignUpInput): Promise<Admission> {
  if (body.method === 'invite') {
    // The token proves the invite mail was read: bound to this address (and so to the inviting company),
    // unexpired, unused. Without it anyone could join any company that invited an address they do not own.
    if (!body.inviteToken) throw new Problem(400, AuthMessages.inviteInvalid);
    const invite = await Invite.findOneAndUpdate(
      {
        email,
        tokenHash: inviteTokenHash(body.inviteToken),
        tokenExpiresAt: { $gt: new Date() },
        'data.accepted': false,
      },
      { $set: { 'data.accepted': true, 'data.notified': true } },
      { returnDocument: 'after' },
    ).lean();
    if (!invite) throw new Problem(400, AuthMessages.inviteInvalid);
    const company = { ...((invite.user?.company as Company | undefined) ?? {}) };
    const main = (company['License #'] as string | undefined) ?? '';
    const numbers = (company.licenseNumbers as string[] | undefined) ?? [];
    company.licenseNumbers = [...new Set([...(main ? [main] : []), ...numbers])];
    return { role: DEFAULT_ROLE, company, inviteId: invite._id };
  }
  const typed = body.data?.company?.['License #']?.trim();
  if (!typed) throw new Problem(400, Messages.licenceRequired);
  // Case-insensitively: 'abc-1' is the record 'ABC-1', and its users make it "contact your admin".
  const record = await findLicenceRecord(typed);
  if (!record) throw new Problem(400, Messages.invalidLicence);
  if (await User.exists({ companyKeys: licenceKey(record['License #']) }))
    throw new Problem(400, Messages.contactAdminToJoin);
  return licenceAdmission(record as never);
}

/** A failed sign-up gives the invite back, so the same link can be used again. */
const releaseInvite = (inviteId: unknown) =>
  inviteId
    ? Invite.updateOne({ _id: inviteId }, { $set: { 'data.accepted': false, 'data.notified': false } })
        .then(() => undefined)
        .catch(() => undefined)
    : Promise.resolve();

/** Sign-up: Keycloak user, profile, pin (mailed sealed) in one outbox write; nothing left behind on failure. */
export async function signUp(deps: Deps, body: SignUpInput): Promise<string> {
  const email = normEmail(body.email);
  if (await User.exists({ email })) throw new Problem(400, Messages.emailExists);
  const { role, company, inviteId } = await admission(email, body);
  let sub: string;
  try {
    sub = await deps.keycloak.createUser({ email, password: body.password, role });
  } catch (err) {
    await releaseInvite(inviteId);
    if (err instanceof UserExists) throw new Problem(400, Messages.emailExists);
    if (err instanceof PasswordRejected) throw new Problem(400, err.message);
    throw err;
  }
  try {
    // No session here: after the pin the user signs in on Keycloak's page (the portal holds no password grant).
    const { pin, expiresAt } = await issuePin('signup', email, email);
    const user = new User({ email, sub, role, verified: AccountState.Pending, company });
    queue(user, userCreated(user.toObject() as UserDoc));
    queue(user, pinEvent(email, pin, 'signup', expiresAt));
    await user.save();
  } catch (err) {
    await deps.keycloak.deleteUser(sub).catch(() => undefined);
    await dropPin('signup', email).catch(() => undefined);
    await releaseInvite(inviteId);
    if ((err as { code?: number }).code === 11000) throw new Problem(400, Messages.emailExists);
    throw err;
  }
  return email;
}

/** The sign-up pin: verifies the address in Keycloak; the user then signs in on Keycloak's page. */
export async function verifySignUp(deps: Deps, rawEmail: string, code: string) {
  const email = normEmail(rawEmail);
  const pin = await consumePin('signup', email, code, email);
  if (!pin) throw new Problem(400, AuthMessages.invalidPin);
  const kcUser = await deps.keycloak.findUserByEmail(email);
  if (!kcUser) throw new Problem(400, AuthMessages.invalidPin);
  if (!kcUser.emailVerified) await deps.keycloak.updateUser(kcUser.id, { emailVerified: true });
  const profile = await ensureProfile({ sub: kcUser.id, email });
  return { message: AuthMessages.emailVerified, user: toProfile(profile as UserDoc) };
}

/** "Send the code again" for an unverified address. */
export async function resendSignUpPin(deps: Deps, rawEmail: string): Promise<void> {
  const email = normEmail(rawEmail);
  const kcUser = await deps.keycloak.findUserByEmail(email);
  if (!kcUser) throw new Problem(404, Messages.forgotUnknownUser);
  if (kcUser.emailVerified) throw new Problem(400, AuthMessages.emailAlreadyVerified);
  const profile = await ensureProfile({ sub: kcUser.id, email });
  const { pin, expiresAt } = await issueCode('signup', email, email);
  await User.updateOneWithEvents({ _id: profile._id }, {}, [pinEvent(email, pin, 'signup', expiresAt)]);
}
