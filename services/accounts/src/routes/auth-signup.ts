import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages, ROLE_NAMES, Role, Subjects, type RoleNumber } from '@portal/contracts';
import { Problem, type OutboxMethods } from '@portal/service-kit';
import { Email, Profile, problems } from '../schemas.js';
import {
  InvalidCredentials,
  PasswordRejected,
  UserExists,
  createUser,
  deleteUser,
  findUserByEmail,
  passwordGrant,
  refreshGrant,
  updateUser,
} from '../lib/keycloak.js';
import { ensureProfile } from '../lib/profiles.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { Invite, inviteTokenHash } from '../models/invite.js';
import { findLicenceRecord } from '../models/licence-record.js';
import { consumePin, dropPin, issuePin } from '../models/pin.js';
import {
  Message,
  NewEmail,
  NewPassword,
  Code,
  issueCode,
  kcOf,
  normEmail,
  pinEvent,
  signedIn,
} from './auth-common.js';

const SignUpBody = Type.Object({
  email: NewEmail,
  password: NewPassword,
  /** Sign-up by invite: the token from the invite mail's link (issue 8). */
  inviteToken: Type.Optional(Type.String({ maxLength: 200 })),
  data: Type.Optional(
    Type.Object({
      role: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
      company: Type.Optional(
        // only the licence is taken at sign-up; the profile form sets the rest of the company later
        Type.Object({ 'License #': Type.Optional(Type.String({ maxLength: 100 })) }),
      ),
    }),
  ),
  method: Type.Optional(Type.Union([Type.Literal('license'), Type.Literal('invite')])),
});

type Company = Record<string, unknown>;
const bodyEmail = (r: { body?: unknown }) => (r.body as { email?: string } | undefined)?.email;

/**
 * Which company and role a sign-up gets, or the spec's refusal. Reads only, except that an invite is claimed
 * (accepted) atomically here so that its token works once; the caller gives it back if the sign-up fails.
 */
async function admission(
  email: string,
  body: {
    method?: string;
    inviteToken?: string;
    data?: { role?: number; company?: { 'License #'?: string } };
  },
): Promise<{ role: RoleNumber; company: Company; inviteId?: unknown }> {
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
    const numbers = (company.licenseNumbers as string[] | undefined) ?? [];
    const main = (company['License #'] as string | undefined) ?? '';
    company.licenseNumbers = [...new Set([...(main ? [main] : []), ...numbers])];
    return { role: Role.User, company, inviteId: invite._id };
  }
  const typed = body.data?.company?.['License #']?.trim();
  if (!typed) throw new Problem(400, Messages.licenceRequired);
  // Case-insensitively (issue 8): 'abc-1' is the record 'ABC-1', and its users make it "contact your admin".
  const record = await findLicenceRecord(typed);
  if (!record) throw new Problem(400, Messages.invalidLicence);
  const lic = record['License #'];
  const taken = await User.exists({ $or: [{ 'company.License #': lic }, { 'company.licenseNumbers': lic }] });
  if (taken) throw new Problem(400, Messages.contactAdminToJoin);
  // The first user of a company is its account admin, unless they asked for a standard account.
  const role: RoleNumber = body.data?.role === Role.User ? Role.User : Role.AccountAdmin;
  return {
    role,
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

/** Sign-up, pin verification and pin resend (ACCOUNTS-API `auth`), all public. */
export const signUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kc = kcOf(app);

  app.post(
    '/auth/signUp',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: SignUpBody,
        response: { 201: Type.Object({ message: Type.String(), email: Type.String() }), ...problems(400) },
      },
    },
    async (request, reply) => {
      const email = normEmail(request.body.email);
      if (await User.exists({ email })) throw new Problem(400, Messages.emailExists);
      const { role, company, inviteId } = await admission(email, request.body);
      // A failed sign-up gives the invite back, so the same link can be used again.
      const release = () =>
        inviteId
          ? Invite.updateOne({ _id: inviteId }, { $set: { 'data.accepted': false, 'data.notified': false } })
              .then(() => undefined)
              .catch(() => undefined)
          : Promise.resolve();

      let sub: string;
      try {
        sub = await createUser(kc, { email, password: request.body.password, roleName: ROLE_NAMES[role] });
      } catch (err) {
        await release();
        if (err instanceof UserExists) throw new Problem(400, Messages.emailExists);
        if (err instanceof PasswordRejected) throw new Problem(400, err.message);
        throw err;
      }
      try {
        // The sign-up session lets a correct pin sign the user in without asking for the password again.
        const session = await passwordGrant(kc, email, request.body.password)
          .then((t) => t.refreshToken)
          .catch(() => undefined);
        const { pin, expiresAt } = await issuePin('signup', email, email, { session });
        const user = new User({ email, sub, role, verified: false, company });
        const ev = pinEvent(email, pin, 'signup', expiresAt);
        const doc = user as unknown as OutboxMethods;
        doc.addEvent(Subjects.userCreated, { userId: String(user._id), email, role, verified: false });
        doc.addEvent(ev.subject, ev.data);
        await user.save();
      } catch (err) {
        await deleteUser(kc, sub).catch(() => undefined);
        await dropPin('signup', email).catch(() => undefined);
        await release();
        if ((err as { code?: number }).code === 11000) throw new Problem(400, Messages.emailExists);
        throw err;
      }
      return reply.code(201).send({ message: AuthMessages.signedUp(email), email });
    },
  );

  app.post(
    '/auth/verify',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email, pin: Code }),
        response: {
          200: Type.Object({
            token: Type.Optional(Type.String()),
            refreshToken: Type.Optional(Type.String()),
            idToken: Type.Optional(Type.String()),
            expiresIn: Type.Optional(Type.Integer()),
            message: Type.Optional(Type.String()),
            user: Profile,
          }),
          ...problems(400),
        },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const pin = await consumePin('signup', email, request.body.pin, email);
      if (!pin) throw new Problem(400, AuthMessages.invalidPin);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(400, AuthMessages.invalidPin);
      if (!kcUser.emailVerified) await updateUser(kc, kcUser.id, { emailVerified: true });
      if (pin.session) {
        try {
          return await signedIn(await refreshGrant(kc, pin.session), email);
        } catch (err) {
          if (!(err instanceof InvalidCredentials)) throw err; // the session ended: sign in with the password
        }
      }
      const profile = await ensureProfile({ sub: kcUser.id, email });
      return { message: AuthMessages.emailVerified, user: toProfile(profile as UserDoc) };
    },
  );

  app.post(
    '/auth/sendValidation',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: { 200: Message, ...problems(400, 404, 429) },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(404, Messages.forgotUnknownUser);
      if (kcUser.emailVerified) throw new Problem(400, AuthMessages.emailAlreadyVerified);
      const profile = await ensureProfile({ sub: kcUser.id, email });
      const { pin, expiresAt } = await issueCode('signup', email, email);
      await User.updateOneWithEvents({ _id: profile._id }, {}, [pinEvent(email, pin, 'signup', expiresAt)]);
      return { message: AuthMessages.codeSent(email) };
    },
  );
};
