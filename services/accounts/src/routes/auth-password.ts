import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages } from '@portal/contracts';
import { resetRequested } from '../events/publishes.js';
import { Problem } from '@portal/service-kit';
import { Email, problems } from '../schemas.js';
import {
  InvalidCredentials,
  endSession,
  findUserByEmail,
  passwordGrant,
  setPassword,
} from '../lib/keycloak.js';
import { ensureProfile } from '../lib/profiles.js';
import { User } from '../models/user.js';
import { consumePin } from '../models/pin.js';
import { Code, Message, PolicyPassword, issueCode, kcOf, normEmail } from './auth-common.js';

/** Forgot/reset password (public) and change password (signed in, own account). */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kc = kcOf(app);

  app.post(
    '/auth/forgotPassword',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: {
          200: Type.Object({ emailSent: Type.Boolean(), message: Type.String() }),
          ...problems(400, 404, 429),
        },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(404, Messages.forgotUnknownUser);
      const profile = await ensureProfile({ sub: kcUser.id, email });
      const { pin: code, expiresAt } = await issueCode('reset', email, email);
      await User.updateOneWithEvents({ _id: profile._id }, {}, [resetRequested(email, code, expiresAt)]);
      return { emailSent: true, message: Messages.forgotSent };
    },
  );

  app.post(
    '/auth/forgotPasswordSubmit',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email, code: Code, password: PolicyPassword }),
        response: { 200: Message, ...problems(400) },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const used = await consumePin('reset', email, request.body.code, email);
      if (!used) throw new Problem(400, AuthMessages.invalidPin);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(400, AuthMessages.invalidPin);
      await setPassword(kc, kcUser.id, request.body.password);
      return { message: Messages.passwordUpdated };
    },
  );

  app.post(
    '/auth/changepassword',
    {
      schema: {
        tags: ['auth'],
        body: Type.Object({
          user: Email,
          oldPassword: Type.String({ minLength: 1, maxLength: 100, errorMessage: Messages.passwordRequired }),
          newPassword: Type.Intersect(
            [
              Type.String({ minLength: 8, errorMessage: Messages.passwordMin }),
              Type.String({ maxLength: 60, errorMessage: AuthMessages.passwordTooLong }),
            ],
            { errorMessage: Messages.passwordMin },
          ),
        }),
        response: { 200: Message, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const me = request.user;
      const email = normEmail(request.body.user);
      if (!me.email || normEmail(me.email) !== email) throw new Problem(403, Messages.forbidden);
      let check;
      try {
        check = await passwordGrant(kc, email, request.body.oldPassword);
      } catch (err) {
        if (err instanceof InvalidCredentials) throw new Problem(400, Messages.currentPasswordIncorrect);
        throw err;
      }
      void endSession(kc, check.refreshToken); // the check's own session is not needed
      await setPassword(kc, me.sub, request.body.newPassword);
      return { message: Messages.passwordUpdated };
    },
  );
};
