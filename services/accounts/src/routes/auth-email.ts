import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages, Subjects, type UserRefData } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Profile, problems } from '../schemas.js';
import { UserExists, findUserByEmail, updateUser } from '../lib/keycloak.js';
import { ensureProfile } from '../lib/profiles.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { consumePin } from '../models/pin.js';
import { Code, Message, NewEmail, issueCode, kcOf, normEmail, pinEvent } from './auth-common.js';

/** Change email (spec §4): a pin goes to the new address; the code then moves the account (signed in, own). */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kc = kcOf(app);

  /** The new address must be free in the profiles and in Keycloak. */
  const assertFree = async (email: string) => {
    if ((await User.exists({ email })) || (await findUserByEmail(kc, email))) {
      throw new Problem(400, Messages.emailExists);
    }
  };

  app.post(
    '/auth/changeEmail',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: NewEmail }),
        response: { 200: Message, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const me = request.user;
      const email = normEmail(request.body.email);
      if (me.email && normEmail(me.email) === email) throw new Problem(400, AuthMessages.sameEmail);
      await assertFree(email);
      const profile = await ensureProfile({ sub: me.sub, email: me.email, role: me.role });
      const { pin, expiresAt } = await issueCode('change-email', me.sub, email);
      await User.updateOneWithEvents({ _id: profile._id }, {}, [
        pinEvent(email, pin, 'change-email', expiresAt),
      ]);
      return { message: AuthMessages.pinSentTo(email) };
    },
  );

  app.post(
    '/auth/updateMyEmail',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: NewEmail, pin: Code }),
        response: { 200: Type.Object({ user: Profile, message: Type.String() }), ...problems(400, 401) },
      },
    },
    async (request) => {
      const me = request.user;
      const email = normEmail(request.body.email);
      const used = await consumePin('change-email', me.sub, request.body.pin, email);
      if (!used) throw new Problem(400, AuthMessages.invalidPin);
      await assertFree(email);
      const profile = await ensureProfile({ sub: me.sub, email: me.email, role: me.role });
      try {
        await updateUser(kc, me.sub, { username: email, email, emailVerified: true });
      } catch (err) {
        if (err instanceof UserExists) throw new Problem(400, Messages.emailExists);
        throw err;
      }
      const data: UserRefData = {
        userId: String(profile._id),
        email,
        role: profile.role,
        verified: profile.verified as UserRefData['verified'],
      };
      try {
        await User.updateOneWithEvents({ _id: profile._id }, { $set: { email } }, [
          { subject: Subjects.userUpdated, data },
        ]);
      } catch (err) {
        // Keep Keycloak and the profile in step: put the old address back in Keycloak.
        await updateUser(kc, me.sub, { username: profile.email, email: profile.email }).catch(
          () => undefined,
        );
        if ((err as { code?: number }).code === 11000) throw new Problem(400, Messages.emailExists);
        throw err;
      }
      const user = (await User.findById(profile._id).lean<UserDoc>())!;
      return { user: toProfile(user), message: AuthMessages.emailUpdated };
    },
  );
};
